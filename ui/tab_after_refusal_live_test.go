package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// refusedWithValuesListed runs the TUI on the demo, and on the command
// line "call greet name=Ann times=2 l", Tab (loud=), Tab (its values
// listed), Enter (refused: loud= is empty).
func refusedWithValuesListed(t *testing.T) *live {
	t.Helper()
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	l.command("tools/list")
	l.waitOK("tools/list")
	l.mark()
	l.tm.Type(":")
	l.tm.Type("call greet name=Ann times=2 l")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("› call greet name=Ann times=2 loud=")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("true  false")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("cannot send")
	l.mark()
	return l
}

// After Enter refuses a key= left empty whose values Tab listed, the next
// Tab steps to the first of them, as it would have before the Enter: it
// listed "true  false" again, and took a second Tab.
func TestLiveTabAfterRefusalStepsOn(t *testing.T) {
	l := refusedWithValuesListed(t)
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("› call greet name=Ann times=2 loud=true")
	m := l.quit()
	if got, want := m.cmdline.input.Value(), "call greet name=Ann times=2 loud=true "; got != want {
		t.Errorf("line = %q, want %q", got, want)
	}
	if m.cmdline.err != "" {
		t.Errorf("the refusal of the line before stays: %q", m.cmdline.err)
	}
}

// Shift+Tab steps back through them as well, and takes the refusal, about
// the line as it was, away.
func TestLiveShiftTabAfterRefusalStepsBack(t *testing.T) {
	l := refusedWithValuesListed(t)
	l.tm.Send(tea.KeyMsg{Type: tea.KeyShiftTab})
	l.waitFor("› call greet name=Ann times=2 loud=false")
	m := l.quit()
	if got, want := m.cmdline.input.Value(), "call greet name=Ann times=2 loud=false "; got != want {
		t.Errorf("line = %q, want %q", got, want)
	}
	if m.cmdline.err != "" {
		t.Errorf("the refusal of the line before stays: %q", m.cmdline.err)
	}
}
