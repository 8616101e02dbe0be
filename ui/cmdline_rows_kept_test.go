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
