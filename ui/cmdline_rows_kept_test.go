package ui

import (
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A hint that wrapped onto a second row at one key ("times: integer
// (1..10) — How many times …") and fitted one row at the next ("every key
// is given") moved every pane up and down a row as the user typed: the
// rows the open line took are kept until it closes.
func TestTypingKeepsTheCommandLineRows(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	m.cmdline.SetTools([]mcp.Tool{{Name: "greet", Description: "Say hello", InputSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"},` +
		`"times":{"type":"integer","minimum":1,"maximum":10,"description":"How many times to repeat the greeting, once for each time you want it said aloud (1 to 10)."}}}`)}})
	press(m, "c")
	most := 0
	for _, r := range "greet name=A times=2 " {
		typeKeys(m, string(r))
		h := m.lay.CmdLine.H
		if h < most {
			t.Fatalf("after %q the command line gave back a row (%d, then %d): the panes moved", m.cmdline.input.Value(), most, h)
		}
		most = h
	}
	if most <= cmdLineHeight {
		t.Fatalf("the hint for times= never took a second row (%d rows): the test shows nothing", most)
	}
	press(m, "esc")
	if h := m.lay.CmdLine.H; h != cmdLineHeight {
		t.Errorf("the closed command line keeps %d rows, want %d", h, cmdLineHeight)
	}
}

// A refusal's rows are not kept once it is gone: after a warning of three
// rows, ctrl+u and a key whose hint is one row left a blank row under the
// hint until the line closed (review22).
func TestARefusalsRowsAreGivenBackOnceItIsGone(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	m.cmdline.SetTools([]mcp.Tool{{Name: "forecast", InputSchema: json.RawMessage(`{"type":"object","additionalProperties":false,"required":["region"],` +
		`"properties":{"region":{"type":"string","minLength":1},"days":{"type":"integer","maximum":7},"metric":{"type":"boolean"}}}`)}})
	press(m, ":")
	m.cmdline.input.SetValue("tools/call forecast zzz=1 yyy=2 www=3 vvv=4 uuu=5 days=9")
	m.cmdline.input.CursorEnd()
	press(m, "enter")
	if rows, _ := m.cmdline.outcome(); len(rows) < 2 {
		t.Fatalf("the call was warned of in %d rows, want a warning over several: the test shows nothing", len(rows))
	}
	press(m, "ctrl+u")
	typeKeys(m, "c")
	if h, want := m.lay.CmdLine.H, m.cmdline.Height(); h != want {
		t.Errorf("after the warning was gone the command line keeps %d rows where it draws %d: blank rows stand under the hint", h, want)
	}
}
