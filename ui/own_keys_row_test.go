package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The user's own session in a proxy's TUI (o) can send, and the rows under
// the panes say how: the clients bar takes the command line's keys row, and
// once the status that opened the session was gone the row under it was
// blank, ": command line · c call a tool" nowhere on screen.
func TestOwnSessionSaysHowToSend(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	s := mcp.NewSession(mcp.Config{URL: gw.MCPURL(), RequestTimeout: 15 * time.Second})
	t.Cleanup(func() { s.Close() })
	m := ownOpened(t, 80, 24, s.Records(), command.Runner{Session: s})
	if m.sendDisabled() != "" {
		t.Fatalf("the own session cannot send: %q", m.sendDisabled())
	}
	m.Update(statusExpiredMsg{id: m.statusSeq})
	view := ansi.Strip(m.View())
	lines := strings.Split(view, "\n")
	under := strings.Join(lines[len(lines)-3:len(lines)-1], "\n")
	for _, want := range []string{"clients:", ": command line", "c call a tool"} {
		if !strings.Contains(under, want) {
			t.Errorf("own session at 80x24: the rows under the panes lack %q:\n%s", want, under)
		}
	}
	press(m, "[")
	if view := ansi.Strip(m.View()); row(view, ": command line") != "" || row(view, "watch-only") == "" {
		t.Errorf("back on a proxied client, the rows under the panes offer keys that cannot send:\n%s", view)
	}
}

// proxyWithOwn is a proxy's TUI at rest, with no client yet, whose o
// opens the user's own session as open says.
func proxyWithOwn(open func() (Client, error)) *Model {
	return New(Options{Styles: testStyles(), Clients: make(chan Client), NoSend: watchOnly, Now: func() time.Time { return fixedNow }, OpenOwn: open})
}

// pressOwn presses o and hands the TUI what it did: the user's own
// session, opened and shown.
func pressOwn(t *testing.T, m *Model) {
	t.Helper()
	m.Update(runCmd(t, press(m, "o"), func(msg tea.Msg) bool { _, ok := msg.(ownMsg); return ok }))
}

// ownOpened is a proxy's TUI at w×h with one proxied client, alpha, that
// has said nothing, and the user's own session (-1, its records on recs,
// sent through b) opened with o and shown.
func ownOpened(t *testing.T, w, h int, recs <-chan []mcp.Record, b Backend) *Model {
	t.Helper()
	m := proxyWithOwn(func() (Client, error) {
		return Client{ID: -1, Name: "you", Transport: "mcpscope", Records: recs, Backend: b}, nil
	})
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.Update(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: make(chan []mcp.Record)})
	pressOwn(t, m)
	return m
}
