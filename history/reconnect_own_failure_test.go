package history

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A call pending when the legacy stream ended was recorded failing while
// mcpscope reconnected on its own, and its advice said "mcpscope is
// reconnecting on its own" still after a reconnect reopened the stream.
// What the row says follows the reconnects' end: here, that they reopened
// it, to a session that needs initialize.
func TestAFailureOfTheBreakSaysTheReconnectReopenedTheStream(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{CloseAfterMessages: 1, Handle: func(c *mcptest.Call) {
		if c.Method != "tools/call" {
			c.Default()
			return
		}
		// The stream's one message, after which it ends: no answer.
		c.Reply(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"bye"}}`)
	}})
	s := mcp.NewSession(mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: time.Millisecond})
	l := NewLog()
	reopened, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		conns, said := 0, false
		for b := range s.Records() {
			l.Append(b...)
			for _, r := range b {
				if r.Kind == mcp.KindState && r.State.State == mcp.StateOpen {
					conns++
				}
			}
			if conns == 2 && !said {
				said = true
				close(reopened)
			}
		}
	}()
	ctx := testCtx(t)
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Request(ctx, "tools/call", []byte(`{"name":"echo"}`)); err == nil {
		t.Fatal("the call whose stream ended was answered")
	}
	select {
	case <-reopened:
	case <-ctx.Done():
		t.Fatal("the reconnect of its own never reopened the stream")
	}
	s.Close()
	waitClosed(t, done, "end of the record stream after Close")
	var failure *mcp.Record
	for i := 0; i < l.PairCount(); i++ {
		if p := l.Pair(i); p.Method == "tools/call" {
			failure = p.Failure
		}
	}
	if failure == nil || failure.Error == nil || !failure.Error.Reconnecting {
		t.Fatalf("the call's failure is %+v; want the break's, while reconnecting on its own", failure)
	}
	hint := advice.ForInfo(failure.Error, advice.TUI)
	if strings.Contains(hint, "is reconnecting") || !strings.Contains(hint, "reconnected on its own") || !strings.Contains(hint, "press i") {
		t.Errorf("the call's advice once the stream reopened: %q; want that mcpscope reconnected, and press i", hint)
	}
}
