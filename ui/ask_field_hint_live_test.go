package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A form's field completed at the answer (Tab put "copies=" in) is
// described under it, as a tool's argument is on the command line: the
// row said only "enter answers · esc cancels the form", and at 80x24 the
// form's box had scrolled the field out of sight. The keys come back once
// the word is no field's.
func TestLiveAskFieldDescribedAtItsKey(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.StatelessURL()}, 80, 24, "● listening")
	l.call("confirm action=deploy")
	l.waitFor("asks: elicitation/create (confirm)")
	l.mark()
	l.tm.Type("accept cop")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitText("copies: integer (1..5), optional, default 1 — How many copies to run (1 to 5).")
	l.mark()
	l.tm.Type("2 ")
	l.waitText("enter answers · esc cancels the form")
	l.quit()
}
