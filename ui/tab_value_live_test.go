package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Tab as a shell does it, on the demo's convert tool: several candidates
// are listed and the line left alone; Tab again puts the first in; Tab on
// a chosen key= goes on to its values (convert's enum), where it used to
// step on to the next key, and on a key with no values to offer says so.
func TestLiveTabAfterAChosenKeyCompletesItsValues(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	l.command("tools/list")
	l.waitOK("tools/list")
	tab := func() { l.tm.Send(tea.KeyMsg{Type: tea.KeyTab}) }

	l.mark()
	l.tm.Type(":")
	l.tm.Type("call convert ")
	tab()
	l.waitFor("value=  from=  to=  precision=")
	l.mark()
	tab()
	l.waitFor("› call convert value=")
	l.mark()
	tab()
	l.waitFor("no values to offer for value: type one")

	l.mark()
	l.tm.Type("21 f")
	tab()
	l.waitFor("› call convert value=21 from=")
	l.mark()
	tab()
	l.waitFor("c  f  k")
	l.mark()
	tab()
	l.waitFor("› call convert value=21 from=c")
	m := l.quit()
	if got, want := m.cmdline.input.Value(), "call convert value=21 from=c "; got != want {
		t.Errorf("line = %q, want %q", got, want)
	}
}

// A prompt argument chosen by Tab asks the server for its values on the
// next Tab, as one typed by hand does.
func TestLiveTabAfterAChosenPromptArgumentAsksTheServer(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	l.command("prompts")
	l.waitOK("prompts/list")
	l.mark()
	l.tm.Type(":")
	l.typeTab("prompt review_code ")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("› prompt review_code language=")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("the server offered")
	l.waitRowState("/complete ", "✓ ok") // the row is cut: "…/complete review_code language"
	m := l.quit()
	if got := pairsOf(m, "completion/complete review_code language"); len(got) != 1 {
		t.Errorf("completion/complete rows %v, want the one Tab's request", got)
	}
}
