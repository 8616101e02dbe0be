package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Tab on a prompt argument's value asks the server (completion/complete,
// with the other arguments as context) and offers what it answers; a
// template variable's value likewise. Before, Tab there did nothing.
func TestLiveTabAsksTheServerForValues(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	l.command("prompts")
	l.waitOK("prompts/list")
	l.mark()
	l.tm.Type(":")
	l.typeTab("prompts/get review_code language=ja")
	l.waitFor("the server offered 2 values for language")
	l.waitFor("javascript")
	l.waitRowState("/complete ", "✓ ok") // the row is cut: "…/complete review_code language"
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.waitFor(": command line")
	l.command("templates")
	l.waitOK("resources/templates/list")
	l.mark()
	l.tm.Type(":")
	l.typeTab("read 'notes://{tag}' tag=p")
	l.waitFor("tag=progress")
	l.mark()
	l.typeTab(" tag=zzz")
	l.waitFor("the server offered no values for tag starting zzz")
	l.waitRowsDrawn("…/complete ", 3) // one row for each Tab that asked
	m := l.quit()
	if got := m.cmdline.input.Value(); !strings.HasPrefix(got, "read 'notes://{tag}' tag=progress ") {
		t.Errorf("the line after Tab is %q, want the server's value filled in", got)
	}
	// Each row names what it completed.
	prompt, tag := pairsOf(m, "completion/complete review_code language"), pairsOf(m, "completion/complete notes://{tag} tag")
	if len(prompt) != 1 || len(tag) != 2 {
		t.Errorf("completion/complete rows %v for language, %v for tag: want the three Tabs' requests in Pairs", prompt, tag)
	}
}
