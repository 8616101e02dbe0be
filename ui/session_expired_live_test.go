package ui

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A server restarted under an idle session: the GET stream ends, its
// reopening is told the session is unknown (404), and the status line
// says so and that i starts a new session, and the keys row names i
// first once that message expires. The "trying again" line went from the
// status line and nothing took its place: at 80x24, with Negotiation a
// tab not looked at, only "● session expired" on the bar said anything,
// and nothing said what to do.
func TestLiveSessionExpiredIdleSaysPressI(t *testing.T) {
	restarted := make(chan struct{})
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		select {
		case <-restarted:
			if r.Header.Get("Mcp-Session-Id") != "" {
				http.Error(w, "session not found", http.StatusNotFound)
				return
			}
		default:
		}
		if r.Method != http.MethodGet || r.URL.Path != "/mcp" {
			gateway.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		select {
		case <-restarted: // the server going down ends its stream
		case <-r.Context().Done():
		}
	})
	l := startLiveReady(t, mcp.Config{URL: srv.URL + "/mcp", Transport: mcp.TransportStreamable, ReconnectDelay: 10 * time.Millisecond}, 80, 24, "● initialized")
	l.mark()
	close(restarted)
	l.waitFor("● session expired")
	l.waitText("press i to start a new session")
	m := l.quit()
	if sl := m.status.msg; sl == nil || !strings.Contains(sl.text, "no longer knows it") {
		t.Errorf("the status line with the session expired = %+v, want what happened and what to do", sl)
	}
	if keys := keysRow(m); !strings.HasPrefix(keys, "i send initialize") {
		t.Errorf("the keys row with the session expired = %q, want it to name i first", keys)
	}
}

// keysRow is the command line's keys row as drawn, without its styling and
// surrounding blanks.
func keysRow(m *Model) string {
	return strings.TrimSpace(ansi.Strip(strings.SplitN(m.cmdline.View(), "\n", 2)[0]))
}
