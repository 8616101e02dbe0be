package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A prompt's name, and what a completion completes, wider than the METHOD
// column keep their start and end in "…": cut from the left as a URI is,
// they showed half a word ("prompts/get …ize_notes").
func TestLivePairsKeepTheStartOfALongPromptName(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	// The METHOD column is 32 cells: "prompts/get summarize_notes" fits,
	// "completion/complete review_code language" does not, and keeps
	// its start (it read "completion/complete …de language").
	l.tm.Send(tea.WindowSizeMsg{Width: 86, Height: 24})
	l.initialize()
	l.command("prompts/get summarize_notes tag=mcp")
	l.waitOK("prompts/get")
	l.command("completion/complete prompt review_code language=j")
	l.waitText("completion/complete review_code… ✓ ok")
	// 26 cells: the prompt's name no longer fits.
	l.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	view := ansi.Strip(l.quitAtWidth(80).View())
	if want := "prompts/get summarize_not…"; !strings.Contains(view, want) {
		t.Errorf("no row reads %q: the start of the name is cut:\n%s", want, view)
	}
}
