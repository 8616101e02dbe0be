package ui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// l pressed while detection waits on a server that never answers ended
// in "tools/list not sent: could not connect: no transport worked: POST
// server/discover URL: no answer in time; POST initialize URL: …; GET
// URL: …", the URL three times over five rows of 80 columns. It names the
// URL once, and takes three rows at most: what to do first, the attempts
// (the Negotiation pane's) cut.
func TestLiveDroppedWhileDetectingSilentServerSaysItOnce(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) }) // before Close, which waits for the handlers
	url := srv.URL + "/mcp"
	l := startLive(t, mcp.Config{URL: url, EndpointTimeout: 300 * time.Millisecond})
	l.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	l.waitFor("POST server/discover")
	l.tm.Type("l")
	l.waitFor("tools/list waits for the transport to be found")
	l.waitFor("not sent")
	l.waitFor("● failed")
	m := l.quit()
	sl := m.status.msg
	if sl == nil || !strings.HasPrefix(sl.text, "tools/list not sent: could not connect") {
		t.Fatalf("status line = %+v, want the dropped tools/list and why connecting failed", sl)
	}
	rows := sl.rows
	if rows == 0 {
		rows = len(wrapWords(sl.text, 80))
	}
	shown := strings.Join(wrapWords(sl.text, 80)[:rows], " ")
	if n := strings.Count(shown, url); n != 1 {
		t.Errorf("the status line's %d rows name the URL %d times, want once: %q", rows, n, shown)
	}
	if rows > 3 {
		t.Errorf("the status line takes %d rows at 80 columns, want 3 at most: %q", rows, sl.text)
	}
	if !strings.Contains(shown, "--endpoint-timeout") {
		t.Errorf("what to do is not read whole: %q", shown)
	}
}
