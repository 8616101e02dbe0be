package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// The status that opens the user's own session says first how to go back
// to the clients: at 80 columns, with the command line open (:), the
// message shared the status bar and was cut before the keys. Said before
// : opened, it gives way to the session's fields while the user types
// (TestOldStatusGivesWayWhileTyping), and is read whole once : closes.
func TestOwnSessionStatusKeysFirstAt80(t *testing.T) {
	m := proxyWithOwn(func() (Client, error) {
		return Client{ID: -1, Name: "you", Transport: "mcpscope", Records: make(chan []mcp.Record), Backend: newFakeBackend()}, nil
	})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: make(chan []mcp.Record)})
	m.Update(runCmd(t, press(m, "o"), func(msg tea.Msg) bool { _, ok := msg.(ownMsg); return ok }))
	press(m, ":")
	v := m.View()
	checkFrame(t, v, 80, 24)
	if rows := strings.Split(ansi.Strip(v), "\n"); strings.Contains(rows[len(rows)-1], "go b") {
		t.Errorf("with : open at 80 columns the status bar still holds the message said before:\n%s", v)
	}
	press(m, "esc")
	v = m.View()
	checkFrame(t, v, 80, 24)
	if !strings.Contains(ansi.Strip(v), "[ and ] go back to the clients") {
		t.Errorf(": closed, the screen does not say how to go back to the clients:\n%s", v)
	}
}
