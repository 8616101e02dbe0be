package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Reads of two resources, or gets of two prompts, are rows that read
// apart: each names its URI or prompt after the method, as a tools/call
// row names its tool.
func TestLivePairsNameTheResourceAndPrompt(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.tm.Send(tea.WindowSizeMsg{Width: 160, Height: 45})
	l.initialize()
	l.command("read demo://readme")
	l.waitFor("2 req ·")
	// The prompts are listed first, to check the arguments against.
	l.command("prompts/get review_code language=go")
	l.waitFor("4 req ·")
	view := l.quit().View()
	for _, want := range []string{"resources/read demo://readme", "prompts/get review_code"} {
		if !strings.Contains(view, want) {
			t.Errorf("no row reads %q:\n%s", want, view)
		}
	}
}

// A URI wider than the METHOD column keeps its end, which tells one
// resource from another under the same long prefix.
func TestLivePairsKeepTheEndOfALongURI(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	l.initialize()
	l.command("read repo://{owner}/{name} owner=a-rather-long-organisation-name name=alpha")
	l.waitFor("2 req ·")
	l.command("read repo://{owner}/{name} owner=a-rather-long-organisation-name name=beta")
	l.waitFor("3 req ·")
	view := l.quit().View()
	for _, want := range []string{"…/read …", "name/alpha ", "name/beta "} {
		if !strings.Contains(view, want) {
			t.Errorf("no row reads %q: the end of the URI is cut:\n%s", want, view)
		}
	}
}

// A prompt's name, and what a completion completes, wider than the METHOD
// column keep their start and end in "…": cut from the left as a URI is,
// they showed half a word ("completion/complete …de language"). A
// completion keeps its argument whole (fitCompletion).
func TestLivePairsKeepTheStartOfALongPromptName(t *testing.T) {
	// The METHOD column is 32 cells: "prompts/get summarize_notes" fits,
	// "completion/complete review_code language" does not.
	l := liveDemoAt(t, 86, 24)
	l.command("prompts/get summarize_notes tag=mcp")
	l.waitOK("prompts/get")
	l.command("completion/complete prompt review_code language=j")
	l.waitText("…/complete review_code language  ✓ ok")
	// 26 cells: "prompts/get summarize_notes" no longer fits, the name
	// does after the method's shortened head (fitHeads), which is
	// shortened before the name is cut.
	l.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	view := ansi.Strip(l.quitAtWidth(80).View())
	if want := "…/get summarize_notes "; !strings.Contains(view, want) {
		t.Errorf("no row reads %q: the name is cut where it fits:\n%s", want, view)
	}
}

// A URI longer than a row's subject keeps (160 bytes) still shows its end
// on a narrow row, not the size of the subject's cut: both rows read
// "resources/read …(183 bytes)", and said nothing of which resource.
func TestLivePairsKeepTheEndOfAURIPastTheSubject(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	l.initialize()
	owner := strings.Repeat("a-rather-long-organisation-name-", 5)
	l.command("read repo://{owner}/{name} owner=" + owner + " name=alpha")
	l.waitFor("2 req ·")
	l.command("read repo://{owner}/{name} owner=" + owner + " name=beta")
	l.waitFor("3 req ·")
	view := l.quit().View()
	for _, want := range []string{"…/read …", "-/alpha ", "-/beta "} {
		if !strings.Contains(view, want) {
			t.Errorf("no row reads %q: the end of the URI is not shown:\n%s", want, view)
		}
	}
}

// Completions of one prompt's arguments tell their rows apart on 80
// columns: each keeps the argument it completes, its prompt's name cut
// first; all read "completion/complete review_…", the argument gone.
func TestLivePairsCompletionsKeepTheirArgument(t *testing.T) {
	l := liveDemoAt80(t)
	l.command("completion/complete prompt review_code language=g")
	l.waitText(" language ✓ ok")
	// The row itself: " focus " was drawn before it, in the hint under
	// the line, and the test quit before the row came (CI, under -race).
	l.mark()
	l.command("completion/complete prompt review_code focus=s")
	l.waitText("review_c… focus")
	view := ansi.Strip(l.quitAtWidth(80).View())
	for _, want := range []string{"…/complete revie… language", "…/complete review_c… focus"} {
		if !strings.Contains(view, want) {
			t.Errorf("no row reads %q:\n%s", want, view)
		}
	}
}

// An argument's name long enough to be cut (its size in the subject) is
// not taken for two words, the last of them the argument: the row read
// "…/complete review_co… bytes)", naming "bytes)" as what it completes.
func TestLivePairsCompletionOfACutArgumentIsNotSplit(t *testing.T) {
	l := liveDemoAt80(t)
	l.command("completion/complete prompt review_code " + strings.Repeat("a", 100) + "=g")
	l.waitFor("2 req ·")
	view := ansi.Strip(l.quitAtWidth(80).View())
	if strings.Contains(view, "… bytes)") {
		t.Errorf("a row reads the cut argument's size as its name:\n%s", view)
	}
}
