package ui

import (
	"net/http"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// While the session's own listen stream waits to be reopened (its
// connection dropped), a subscriptions/listen the user types is opened
// and acknowledged: that acknowledgement, of the user's own stream, was
// taken for a word on the session's, ending its reopening's message and
// its tries (a refusal after them then went unsaid). The tries go on
// until a word on the session's own stream ends them.
func TestLiveUserListenAckLeavesTheOwnReopeningGoing(t *testing.T) {
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		gateway.ServeHTTP(w, r)
	})
	l := startLiveReady(t, mcp.Config{URL: srv.URL + demo.StatelessPath, Transport: mcp.TransportStateless, ReconnectDelay: time.Minute}, 160, 45, "● discovered")
	l.waitFor("subscriptions/acknowledged")
	l.mark()
	srv.CloseClientConnections()
	l.waitWords("attempt 1 of 5")
	l.command(`subscriptions/listen notifications:='{"toolsListChanged":true}'`)
	// The row is "opening" until its acknowledgement came.
	l.waitRowState("subscriptions/listen tools", "● listening")
	m := l.quit()
	if !m.listenTries.trying {
		t.Error("the acknowledgement of the user's listen ended the session's listen stream's tries")
	}
	acks := 0
	for i := range m.com.log.Len() {
		if r := m.com.log.At(i); r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == mcp.AckMethod {
			acks++
		}
	}
	if acks != 2 {
		t.Errorf("%d acknowledgements came, want the session's first and the user's", acks)
	}
}
