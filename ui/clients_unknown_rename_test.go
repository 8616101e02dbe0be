package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// A new name for a session the TUI was never given (no records with it)
// makes no tab: there is nothing to show, and its tab would wait for
// records on a nil channel for ever.
func TestRenameOfAnUnknownClientMakesNoTab(t *testing.T) {
	ch := make(chan Client)
	m := newProxyModel(t, ch)
	_, cmd := m.Update(clientMsg{ID: 9, Name: "ghost", Transport: "streamable"})
	if v := m.View(); strings.Contains(v, "ghost") || !strings.Contains(v, "clients: none yet") {
		t.Fatalf("a rename of a session never announced became a tab:\n%s", v)
	}
	// With the feed closed, every wait the message armed must return.
	close(ch)
	cmds := []tea.Cmd{cmd}
	for len(cmds) > 0 {
		c := cmds[0]
		cmds = cmds[1:]
		if c == nil {
			continue
		}
		got := make(chan tea.Msg, 1)
		go func() { got <- c() }()
		select {
		case msg := <-got:
			if b, ok := msg.(tea.BatchMsg); ok {
				cmds = append(cmds, b...)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("a rename of an unknown session armed a wait that never ends")
		}
	}
}
