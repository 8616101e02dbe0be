package ui

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// The nearest tool name Tab names after a typo is looked for once a Tab
// found nothing, not on every frame drawn while a tool's name is typed: a
// server of 50,000 tools measured each of them (and listed their names
// afresh) each frame and each spinner tick.
func TestTypingAToolNameCostsNoNearestNameEachFrame(t *testing.T) {
	typed := func(tools int) *Model {
		m := newTestModel(t, 100, 30, newFakeBackend(), fixtureRecords())
		many := make([]mcp.Tool, tools)
		for i := range many {
			many[i] = mcp.Tool{Name: "tool_" + strconv.Itoa(i)}
		}
		m.cmdline.SetTools(many)
		press(m, ":")
		m.Update(runes("tools/call tool-7"))
		return m
	}
	few, many := frameBytes(typed(10)), frameBytes(typed(50_000))
	if many > few+(128<<10) {
		t.Errorf("a frame allocates %d bytes with 50,000 tools listed, %d with 10: the nearest name is looked for before any Tab", many, few)
	}
	m := typed(50_000)
	press(m, "tab")
	if v := m.View(); !strings.Contains(v, "tool-7: did you mean tool_7?") {
		t.Errorf("tab after a typo names no nearest tool:\n%s", v)
	}
}
