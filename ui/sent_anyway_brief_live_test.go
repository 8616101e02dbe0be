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

// A tool not in tools/list, sent anyway (Enter twice), said after the send
// "(sent despite: tool "nosuch" is not in tools/list (big, confirm, ...
// fifteen names); sending anyway)": four rows of an 80-column screen for
// what the user had read and confirmed. It is one short sentence now.
func TestLiveSentAnywayIsOneShortSentence(t *testing.T) {
	m := sentAnyway(t, 80, 24, "tools/call nosuch a=1", "sends anyway")
	got := m.status.msg.text
	if !strings.HasSuffix(got, `(sent anyway: tool "nosuch" is not in tools/list)`) {
		t.Errorf("status %q, want it to end (sent anyway: tool \"nosuch\" is not in tools/list)", got)
	}
	if strings.Contains(got, "greet") || strings.Contains(got, "sending anyway") {
		t.Errorf("status %q still lists the tools or says sending anyway", got)
	}
	v := ansi.Strip(m.View())
	if words := strings.Join(strings.Fields(v), " "); !strings.Contains(words, got) {
		t.Errorf("at 80x24 the status is not read whole:\n%s", v)
	}
}

// A tool's name typed short, sent anyway, is said with the name meant:
// the line to type next time, where the reminder named only the slip.
func TestLiveSentAnywaySaysTheToolMeant(t *testing.T) {
	got := sentAnyway(t, 80, 24, "tools/call gre name=Ann", "sends anyway").status.msg.text
	if want := `(sent anyway: tool "gre" is not in tools/list: did you mean greet?)`; !strings.HasSuffix(got, want) {
		t.Errorf("status %q, want it to end %s", got, want)
	}
}

// A tool's name typed as a method is sent as typed, and the reminder
// after the send read "(sent anyway: greet is a tool, not a method: did
// you mean tools/call greet name=Ann? (sent as typed))": one note inside
// another, saying the same twice.
func TestLiveToolAsMethodSentAnywayIsSaidOnce(t *testing.T) {
	got := sentAnyway(t, 160, 45, "greet name=Ann", "enter again sends anyway").status.msg.text
	if !strings.HasSuffix(got, "(sent anyway: greet is a tool, not a method: did you mean tools/call greet name=Ann?)") || strings.Contains(got, "sent as typed") {
		t.Errorf("status %q, want it to end (sent anyway: greet is a tool, not a method: did you mean tools/call greet name=Ann?)", got)
	}
}

// sentAnyway types line on a live w×h session of the demo after its
// tools/list, confirms it with Enter once prompt asks to, and returns the
// Model once the status line says it was sent anyway.
func sentAnyway(t *testing.T, w, h int, line, prompt string) *Model {
	t.Helper()
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable}, w, h, "● initialized")
	l.command("tools/list")
	l.waitOK("tools/list")
	l.mark()
	l.command(line)
	l.waitFor(prompt)
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("sent anyway")
	return l.quit()
}
