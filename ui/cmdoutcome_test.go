package ui

import (
	"strings"
	"testing"
)

// convertSession is a session whose tools/list answered a tool with a
// number argument and an enum, like the demo's convert.
func convertSession() *script {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	list := s.request("1", "tools/list", "", `{}`)
	s.post(list, 202, "")
	s.answer(list, "1", "tools/list", "", `{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"convert","inputSchema":{"type":"object",`+
		`"properties":{"value":{"type":"number"},"from":{"enum":["c","f","k"]},"to":{"enum":["c","f","k"]}},"required":["value","from","to"]}}]}}`, false, false)
	return s
}

// TestCommandLineShowsARefusalWhole types a value of the wrong type on an
// 80-column terminal: the refusal wraps onto a row the panes give up, so
// what to do (the := form that sends it as typed) is read whole, the
// status line stays at the bottom, and the rows come back when the line
// is left.
func TestCommandLineShowsARefusalWhole(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), convertSession().recs)
	pairsH := m.lay.Slot.H
	press(m, ":")
	for _, r := range "tools/call convert value=abc from=c to=k" {
		press(m, string(r))
	}
	press(m, "enter")
	view := m.View()
	rows := screenRows(t, view, 80, 24)
	var words []string
	for _, r := range rows[m.lay.CmdLine.Y+1 : m.lay.CmdLine.Y+m.lay.CmdLine.H] {
		words = append(words, strings.Fields(r)...)
	}
	if got := strings.Join(words, " "); !strings.Contains(got, `✗ cannot send: value: "abc" is not a number`) || !strings.HasSuffix(got, `to send it as typed: value:='"abc"'`) {
		t.Errorf("the refusal does not read whole with what to do:\n%s", view)
	}
	if !strings.Contains(rows[23], "sse") || m.lay.Slot.H >= pairsH {
		t.Errorf("status line %q, pane height %d (was %d): want the status line last and the pane a row shorter", rows[23], m.lay.Slot.H, pairsH)
	}

	press(m, "esc")
	if m.lay.CmdLine.H != cmdLineHeight || m.lay.Slot.H != pairsH {
		t.Errorf("after esc the command line has %d rows and the pane %d, want %d and %d back", m.lay.CmdLine.H, m.lay.Slot.H, cmdLineHeight, pairsH)
	}

	// The smallest terminal keeps its panes: the refusal is cut there.
	m = newTestModel(t, 60, 15, newFakeBackend(), convertSession().recs)
	press(m, ":")
	for _, r := range "tools/call convert value=abc from=c to=k" {
		press(m, string(r))
	}
	press(m, "enter")
	if rows := strings.Split(m.View(), "\n"); len(rows) != 15 || m.lay.CmdLine.H != cmdLineHeight {
		t.Errorf("60x15: %d rows and a command line of %d, want 15 and %d:\n%s", len(rows), m.lay.CmdLine.H, cmdLineHeight, m.View())
	}
}
