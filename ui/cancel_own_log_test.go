package ui

import (
	"errors"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// In a proxy's TUI, a send of the user's own session that ends while a
// client is shown is noted against the own session's log: the shown
// client's log, with other requests under the same record numbers, let x
// on the own session's row, still pending until the records of its end
// come, say "sent by the session itself" of the user's own request.
func TestEndedSendIsTheOwnSessionsWhateverClientIsShown(t *testing.T) {
	b := newFakeBackend()
	m := proxyWithOwn(func() (Client, error) {
		return Client{ID: -1, Name: "you", Transport: "mcpscope", Records: make(chan []mcp.Record), Backend: b}, nil
	})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	m.Update(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: make(chan []mcp.Record)})
	m.Update(clientRecordsMsg{1, fixtureRecords()}) // its initialize, answered
	pressOwn(t, m)
	s := newScript()
	s.negotiate("/sse?sessionid=OWN")
	init := s.request("1", "initialize", "", `{}`) // the same record number, still pending
	s.post(init, 202, "")
	m.Update(clientRecordsMsg{-1, s.recs})
	m.Update(sentMsg{label: "initialize", seqs: []int64{init}, err: errors.New("the stream ended")})
	press(m, "]") // the client shown
	m.Update(sentMsg{label: "tools/list", err: errors.New("not sent")})
	press(m, "[") // the own session again
	m.focus = panePairs
	press(m, "home", "x")
	if view := m.View(); !strings.Contains(view, "already ended") || strings.Contains(view, "sent by the session itself") {
		t.Errorf("x on the own session's ended initialize does not say it already ended:\n%s", view)
	}
}
