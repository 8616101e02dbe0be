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

// getRetryOverYourFailure is the TUI at 240x45 on a streamable session
// whose server, once it is initialized, answers every POST 502 and the
// GET stream 500: l was pressed, its failure is on the status line, and
// then the GET stream failed, to be tried again in a minute (Negotiation
// says it).
func getRetryOverYourFailure(t *testing.T) *live {
	t.Helper()
	var down atomic.Bool
	tries := make(chan struct{})
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		switch {
		case r.Method == http.MethodGet && r.URL.Path == "/mcp":
			select {
			case <-tries:
			case <-r.Context().Done():
				return
			}
			http.Error(w, "broken", http.StatusInternalServerError)
		case down.Load() && r.Method == http.MethodPost:
			http.Error(w, "upstream gone", http.StatusBadGateway)
		default:
			gateway.ServeHTTP(w, r)
		}
	})
	l := startLiveReady(t, mcp.Config{URL: srv.URL + "/mcp", Transport: mcp.TransportStreamable, ReconnectDelay: time.Minute}, 240, 45, "● initialized")
	down.Store(true)
	l.mark()
	l.tm.Type("l")
	l.waitText("upstream gone")
	l.mark()
	select {
	case tries <- struct{}{}:
	case <-time.After(liveWait):
		t.Fatal("the GET stream was not asked for")
	}
	l.waitText("attempt 1 of 5")
	return l
}

// What became of a request the user sent stays over the GET stream's next
// try to open again: with the server gone, l's failure stood less than a
// second before "trying again in 1s, attempt 2 of 5" replaced it.
func TestLiveGetRetryLeavesYourFailureSaid(t *testing.T) {
	m := getRetryOverYourFailure(t).quit()
	if sl := m.status.msg; sl == nil || !strings.HasPrefix(sl.text, "tools/list: ") {
		t.Fatalf("the status line after the GET stream's next try = %+v, want l's failure still said", sl)
	}
}

// The try held back is said once the user's failure has had its time: the
// line was not left blank over the wait.
func TestLiveGetRetrySaidAfterYourFailure(t *testing.T) {
	l := getRetryOverYourFailure(t)
	l.expireEvery()
	m := l.quit()
	if sl := m.status.msg; sl == nil || !strings.Contains(sl.text, "attempt 1 of 5") {
		t.Fatalf("the status line once l's failure ended = %+v, want the GET stream's try said", sl)
	}
}
