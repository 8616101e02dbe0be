package ui

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The GET stream's tries said "the GET stream could not be opened (GET
// http://…/mcp answered 500 …)", naming the session's own URL, which the
// bar names already, on the status line's first row at 80 columns.
func TestLiveGetRetryLeavesTheOwnURLOut(t *testing.T) {
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		if r.Method == http.MethodGet && r.URL.Path == "/mcp" {
			http.Error(w, "broken", http.StatusInternalServerError)
			return
		}
		gateway.ServeHTTP(w, r)
	})
	// A first wait long enough that the first try's words are still up.
	l := startLiveReady(t, mcp.Config{URL: srv.URL + "/mcp", Transport: mcp.TransportStreamable, ReconnectDelay: 5 * time.Second}, 80, 24, "● initialized")
	l.waitFor("attempt 1 of 5")
	m := l.quit()
	sl := m.status.msg
	if sl == nil || !strings.Contains(sl.text, "(GET answered 500") {
		t.Fatalf("the status line while the GET stream is tried again = %+v, want it to say GET answered 500", sl)
	}
	if strings.Contains(sl.text, srv.URL) {
		t.Errorf("the status line names the session's own URL again: %q", sl.text)
	}
}
