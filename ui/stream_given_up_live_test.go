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

// A GET stream the server answers 503 every time: its tries ("attempt 5
// of 5…") went from the status line when they were spent and nothing
// said the stream was given up, the bar still "● initialized" and "1
// err". It is said, in words that fit two rows of 80 columns.
func TestLiveGetStreamGivenUpSaysSo(t *testing.T) {
	for _, keyBefore := range []bool{false, true} {
		getGivenUp(t, keyBefore)
	}
}

// getGivenUp runs the GET stream to its last try, and with keyBefore
// presses x before that try fails: the tries' own message is no longer
// on the status line (as when it expired, 8 s into the last try's 8 s
// wait), and the end of the tries is said all the same.
func getGivenUp(t *testing.T, keyBefore bool) {
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		if r.Method == http.MethodGet && r.URL.Path == "/mcp" {
			http.Error(w, "restarting", http.StatusServiceUnavailable)
			return
		}
		gateway.ServeHTTP(w, r)
	})
	delay := 10 * time.Millisecond
	if keyBefore {
		delay = 200 * time.Millisecond // the last try waits 1.6 s
	}
	l := startLiveReady(t, mcp.Config{URL: srv.URL + "/mcp", Transport: mcp.TransportStreamable, ReconnectDelay: delay}, 80, 24, "● initialized")
	if keyBefore {
		l.waitFor("attempt 5 of 5")
		l.mark()
		l.tm.Type("x")
		l.waitFor("nothing to cancel")
	}
	l.waitFor("the GET stream is given up")
	l.waitFor("will not arrive")
	m := l.quit()
	sl := m.status.msg
	if sl == nil || !strings.Contains(sl.text, "503") {
		t.Fatalf("key before %v: the status line once the GET stream is given up = %+v, want the server's answer named", keyBefore, sl)
	}
	if rows := wrapWords(sl.text, 80); len(rows) > 2 {
		t.Errorf("the GET stream given up takes %d rows at 80 columns, want 2 at most: %q", len(rows), sl.text)
	}
}
