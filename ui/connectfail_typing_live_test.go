package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
)

// With the command line open, the status bar gives way to the session's
// fields, and with it the advice on why connecting failed; Negotiation
// still left the advice out as said on the bar, so it was on no row of the
// screen (review23). The pane says it while the bar does not.
func TestConnectAdviceStaysOnScreenWhileTyping(t *testing.T) {
	l := liveFailedAt(t, mcp.Config{URL: droppingServer(t, false)}, 80, 24)
	l.tm.Type(":")
	l.waitFor("esc cancel")
	m := l.quit()
	want := advice.ForInfo(m.connFail.err, advice.TUI)
	if want == "" {
		t.Fatal("the failure has no advice: the test shows nothing")
	}
	v := ansi.Strip(m.View())
	text := strings.Join(strings.Fields(strings.ReplaceAll(v, "│", " ")), " ")
	if !strings.Contains(text, strings.Join(strings.Fields(want), " ")) {
		t.Errorf("with the command line open the screen does not say %q:\n%s", want, v)
	}
	// The rows the message took under the keys are given back, not left
	// blank above the bar.
	if lines := strings.Split(v, "\n"); strings.TrimSpace(lines[len(lines)-2]) == "" {
		t.Errorf("with the command line open a blank row stands above the status bar:\n%s", v)
	}
}
