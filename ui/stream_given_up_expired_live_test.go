package ui

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A server restarted while the GET stream was being tried again: a
// request met the new server, which knew no such session, and the tries
// ended with it; the status line then said "the GET stream is given up
// (…): requests still work" over the session expired, where no request
// works until i. What the session's end said stays.
func TestLiveGetStreamEndedByExpiredSessionKeepsItsWords(t *testing.T) {
	var restarted atomic.Bool
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		switch {
		case r.URL.Path == "/mcp" && r.Header.Get("Mcp-Session-Id") != "" && restarted.Load():
			http.Error(w, "session not found", http.StatusNotFound)
		case r.Method == http.MethodGet && r.URL.Path == "/mcp":
			http.Error(w, "restarting", http.StatusServiceUnavailable)
		default:
			gateway.ServeHTTP(w, r)
		}
	})
	l := startLiveReady(t, mcp.Config{URL: srv.URL + "/mcp", Transport: mcp.TransportStreamable, ReconnectDelay: 300 * time.Millisecond}, 160, 45, "● initialized")
	l.waitFor("attempt 2 of 5")
	restarted.Store(true)
	l.tm.Type("l")
	l.waitFor("session expired")
	l.waitText("closed: session") // the GET's end, in Negotiation
	m := l.quit()
	sl := m.status.msg
	if sl == nil || strings.Contains(sl.text, "requests still work") || !strings.Contains(sl.text, "old session id is dropped") {
		t.Fatalf("the status line once the session expired = %+v, want what to do, and no word that requests still work", sl)
	}
}
