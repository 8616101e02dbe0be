package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// JSON typed without single quotes ({"x":1} arrives as {x:1}) is refused
// with the fix, and on an 80-column line the fix is read whole: the JSON
// parser's own words came first and pushed it past the last row.
func TestCommandLineQuoteHintFitsAt80Columns(t *testing.T) {
	c := lineWithTool(80, "search_notes", `{"type":"object","properties":{"filter":{"type":"object"}}}`)
	clPress(c, runes(`tools/call search_notes filter={"x":1}`))
	if s := submitted(clPress(c, keyEnter)); s != nil {
		t.Fatalf("sent %+v, want it refused", s)
	}
	lines := viewLines(c)
	text := strings.Join(lines[1:], " ")
	if !strings.Contains(text, `wrap JSON in single quotes: filter='{"key":"value"}'`) || strings.Contains(text, "…") {
		t.Errorf("the refusal is not read whole at 80 columns:\n%s", strings.Join(lines, "\n"))
	}
}

// lineWithTool is a focused command line width cells wide that knows one
// tool, name, whose inputSchema is schema.
func lineWithTool(width int, name, schema string) *CommandLine {
	c := NewCommandLine(plainStyles(), DefaultKeyMap(), "")
	c.SetSize(width)
	c.SetTools([]mcp.Tool{{Name: name, InputSchema: json.RawMessage(schema)}})
	c.Focus("")
	return c
}
