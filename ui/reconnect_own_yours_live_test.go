package ui

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// reconnectOverYourRefusal is the TUI at 240x45 on a legacy session whose
// stream the server dropped: l was pressed and refused while mcpscope
// reconnects on its own, and then its first attempt failed and the second
// began (Negotiation says it).
func reconnectOverYourRefusal(t *testing.T) *live {
	t.Helper()
	var (
		mu      sync.Mutex
		drop    context.CancelFunc
		dropped bool
	)
	tries := make(chan struct{})
	var attempts atomic.Int32
	gw := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		mu.Lock()
		gone := dropped
		if !gone && r.Method == http.MethodGet && drop == nil {
			var ctx context.Context
			ctx, drop = context.WithCancel(r.Context())
			r = r.WithContext(ctx)
		}
		mu.Unlock()
		if !gone {
			gateway.ServeHTTP(w, r)
			return
		}
		// Gone: the first attempt is refused once the test lets it; the
		// second's stream says a word, drawn in Raw events once the TUI
		// has read that the attempt began, and nothing more.
		if attempts.Add(1) == 1 {
			select {
			case <-tries:
			case <-r.Context().Done():
			}
			http.Error(w, "upstream gone", http.StatusBadGateway)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write([]byte("event: note\ndata: second-attempt-began\n\n"))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	l := startLive(t, mcp.Config{URL: gw.URL + "/sse", Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: 20 * time.Millisecond})
	l.tm.Send(tea.WindowSizeMsg{Width: 240, Height: 45})
	l.waitFor("● open")
	l.tm.Type("i")
	l.waitFor("● initialized")
	l.mark()
	mu.Lock()
	dropped = true
	drop()
	mu.Unlock()
	l.waitText("attempt 1 of 5")
	l.mark()
	l.tm.Type("l")
	l.waitText("not sent, the stream is reconnecting")
	l.mark()
	select {
	case tries <- struct{}{}:
	case <-time.After(liveWait):
		t.Fatal("the first attempt did not come")
	}
	l.waitText("second-attempt-began")
	return l
}

// A refused l stays said over the legacy stream's next attempt: with the
// server gone, "not sent, the stream is reconnecting" stood under 2 s
// before "attempt 2 of 5…" replaced it, as if the key did nothing.
func TestLiveOwnReconnectLeavesYourRefusalSaid(t *testing.T) {
	m := reconnectOverYourRefusal(t).quit()
	if sl := m.status.msg; sl == nil || !strings.HasPrefix(sl.text, "tools/list: not sent") {
		t.Fatalf("the status line after the next attempt = %+v, want l's refusal still said", sl)
	}
}

// The attempt held back is said once the refusal has had its time.
func TestLiveOwnReconnectSaidAfterYourRefusal(t *testing.T) {
	l := reconnectOverYourRefusal(t)
	// Newest first: the attempt said once the refusal ends has its own
	// 8 s, and an expiry sent for its id before it was said is none.
	for id := 200; id >= 1; id-- {
		l.tm.Send(statusExpiredMsg{id: id})
	}
	m := l.quit()
	if sl := m.status.msg; sl == nil || !strings.Contains(sl.text, "attempt 2 of 5") {
		t.Fatalf("the status line once l's refusal ended = %+v, want the attempt under way said", sl)
	}
}
