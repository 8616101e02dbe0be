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
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// expireEvery sends the end of every status message said so far, as each
// one's timer would once its time is up.
func (l *live) expireEvery() {
	for id := 1; id <= 200; id++ {
		l.tm.Send(statusExpiredMsg{id: id})
	}
}

// A retry of the GET stream said on the status line stays until the next
// word on the stream: it went after 8 s where the next try waited 16 s,
// and the line was blank over the wait.
func TestLiveGetRetryStaysOverItsWait(t *testing.T) {
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		if r.Method == http.MethodGet && r.URL.Path == "/mcp" {
			http.Error(w, "broken", http.StatusInternalServerError)
			return
		}
		gateway.ServeHTTP(w, r)
	})
	l := startLiveReady(t, mcp.Config{URL: srv.URL + "/mcp", Transport: mcp.TransportStreamable, ReconnectDelay: time.Minute}, 80, 24, "● initialized")
	l.waitFor("attempt 1 of 5")
	l.expireEvery()
	m := l.quit()
	if sl := m.status.msg; sl == nil || !strings.Contains(sl.text, "attempt 1 of 5") {
		t.Fatalf("the status line once its time is up, while the GET stream's next try waits = %+v, want the try still said", sl)
	}
}

// The 2026 listen stream's reopening stays said over its wait, as the GET
// stream's tries do.
func TestLiveListenReopeningStaysOverItsWait(t *testing.T) {
	l, _ := statelessServerGone(t, time.Minute)
	l.waitWords("attempt 1 of 5")
	l.expireEvery()
	m := l.quit()
	if sl := m.status.msg; sl == nil || !strings.Contains(sl.text, "reopening in") {
		t.Fatalf("the status line once its time is up, while the listen stream's reopening waits = %+v, want the reopening still said", sl)
	}
}

// listenRefusedOnce is the TUI at 80x24 on a stateless server that
// refuses the first listen stream (-32603, so it is reopened) and serves
// the later ones with then, once the reopening is said; later waits look
// at what is drawn after it. The reopening is said until it is sent: a
// wait of 50ms, over before a loaded machine drew the next frame, left it
// unsaid on the screen.
func listenRefusedOnce(t *testing.T, then func(x *mcptest.Exchange)) *live {
	t.Helper()
	var listens atomic.Int32
	srv := mcptest.StatelessOnMethod(t, mcp.ListenMethod, func(x *mcptest.Exchange) {
		if listens.Add(1) == 1 {
			x.Error(-32603, "overloaded")
			return
		}
		then(x)
	})
	l := startLiveReady(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStateless, ReconnectDelay: time.Second}, 80, 24, "attempt 1 of 5")
	l.markAfter("attempt 1 of 5")
	return l
}

// reopeningSaid fails the test if the status line m left still says a
// reopening of the listen stream.
func reopeningSaid(t *testing.T, m *Model, when string) {
	t.Helper()
	if sl := m.status.msg; sl != nil && strings.Contains(sl.text, "reopening in") {
		t.Errorf("the status line %s = %q, want the reopening no longer said", when, sl.text)
	}
}

// A reopened listen stream the server took ends the reopening's message:
// a server granting all that was asked logs no listen state for it, and
// the message, which stays until the stream's next word, stayed over a
// stream that was back.
func TestLiveListenTakenAgainEndsTheReopening(t *testing.T) {
	l := listenRefusedOnce(t, (*mcptest.Exchange).Default)
	l.waitFor("● listening")
	reopeningSaid(t, l.quit(), "once the reopened stream was taken")
}

// Reopenings said, then a reopening refused for good (-32601): the give-up
// is said, where the reopenings' message went and nothing said the stream
// was over.
func TestLiveListenRefusedAfterTriesIsSaid(t *testing.T) {
	l := listenRefusedOnce(t, func(x *mcptest.Exchange) { x.Error(-32601, "no listen here") })
	l.waitWords("will not arrive")
}

// A reopened listen stream the server takes and never acknowledges (a
// stream of keep-alives alone) logs nothing more: the reopening's message
// stayed for good over a stream that was open. The reopening going ends
// it; a failure of it says itself again.
func TestLiveListenReopenedUnacknowledgedEndsTheReopening(t *testing.T) {
	l := listenRefusedOnce(t, func(x *mcptest.Exchange) {
		x.SSE()
		<-x.Context().Done()
	})
	l.waitText("opening")
	l.expireEvery()
	reopeningSaid(t, l.quit(), "over the reopened stream")
}
