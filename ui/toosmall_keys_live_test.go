package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// Keys typed on the "terminal too small" screen do nothing: they went into
// the command line nobody could see (name=An read name=ZAn once the
// terminal was enlarged) and an enter sent it blind. The screen says so,
// and the line sent after enlarging is the one the user had typed. Live
// against the demo's streamable /mcp.
func TestLiveTooSmallKeysLeaveTheLineAlone(t *testing.T) {
	l := liveDemoAt80(t)
	l.tm.Type(":tools/call greet name=An")
	l.waitFor("tools/call greet name=An")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyLeft})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyLeft})
	l.mark()
	l.tm.Send(tea.WindowSizeMsg{Width: 30, Height: 8})
	l.waitFor("too small")
	l.tm.Type("Z")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyBackspace})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("pasted"), Paste: true})
	l.tm.Send(tea.WindowSizeMsg{Width: 30, Height: 9})
	l.waitFor("30x9")
	l.mark()
	l.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	l.waitFor("tools/call greet name=An")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitOK("tools/call greet")
	l.tm.Send(tea.WindowSizeMsg{Width: 30, Height: 8})
	m := l.quit()
	var greets []string
	for i := 0; i < m.com.log.PairCount(); i++ {
		if p := m.com.log.Pair(i); p.Kind == history.KindRequest && p.Tool == "greet" && p.Request != nil {
			greets = append(greets, string(p.Request.RPC.Raw))
		}
	}
	if len(greets) != 1 || !strings.Contains(greets[0], `"name":"An"`) {
		t.Errorf("greet was sent %d times %q, want once with name An, the line as the user last saw it", len(greets), greets)
	}
	flat := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if want := "other keys do nothing until then"; !strings.Contains(flat, want) {
		t.Errorf("the too-small screen does not say %q:\n%s", want, flat)
	}
}
