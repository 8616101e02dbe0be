package ui

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A streamable session whose server dies with no call in flight: the GET
// stream cannot be reopened, and the status bar (not only Negotiation, a
// tab the user is not looking at on 80x24) says the stream is gone and
// what to do, and keeps saying so in its state, and r in the keys row,
// once the message expires.
func TestLiveServerGoneWithNothingInFlightSaysSoOnTheBar(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	// The GET stream is tried again (a server restarting comes back):
	// a short pace keeps those tries within the wait.
	l := startLiveReady(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable, ReconnectDelay: 10 * time.Millisecond}, 80, 24, "● initialized")
	l.mark()
	if err := gw.Close(); err != nil {
		t.Fatalf("closing the demo gateway: %v", err)
	}
	l.waitFor("● stream gone")
	l.waitWords("press r to reconnect")
	m := l.quit()
	if !m.status.gone {
		t.Errorf("the status bar forgot the stream is gone")
	}
	// The keys row stays when the status line's "press r" expires: it
	// names r first, where it went on offering c, which cannot send.
	if keys := keysRow(m); !strings.HasPrefix(keys, "r reconnect") {
		t.Errorf("the keys row with the stream gone = %q, want it to name r first", keys)
	}
}

// While the GET stream is tried again, the status line says so: for the
// seconds the tries take, the bar said "● initialized" and nothing else,
// over a server that had gone.
func TestLiveServerGoneSaysTheGetStreamIsTriedAgain(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	// 80x24 shows Pairs alone: only the status line can say it.
	l := startLiveReady(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable, ReconnectDelay: 100 * time.Millisecond}, 80, 24, "● initialized")
	l.mark()
	if err := gw.Close(); err != nil {
		t.Fatalf("closing the demo gateway: %v", err)
	}
	l.waitFor("the GET stream could not be opened")
	l.waitFor("attempt 2 of 5")
	l.waitFor("● stream gone")
	l.quit()
}

// A GET stream that opens again after a try: "trying again in …" goes from
// the status line as it opens, where it stood its 8 s over a stream that
// was back and carrying messages.
func TestLiveGetStreamBackEndsItsTryingAgain(t *testing.T) {
	var gets atomic.Int32
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		if r.Method != http.MethodGet || r.URL.Path != "/mcp" {
			gateway.ServeHTTP(w, r)
			return
		}
		if gets.Add(1) == 1 {
			http.Error(w, "restarting", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"back again\"}}\n\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	l := startLiveReady(t, mcp.Config{URL: srv.URL + "/mcp", Transport: mcp.TransportStreamable, ReconnectDelay: 10 * time.Millisecond}, 120, 40, "● initialized")
	l.waitText("log info: back")
	m := l.quit()
	if sl := m.status.msg; sl != nil && strings.Contains(sl.text, "trying again") {
		t.Errorf("the status line with the GET stream open again = %q, want its tries no longer said", sl.text)
	}
}
