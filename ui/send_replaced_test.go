package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A call whose response stream dropped and waited to be resumed when the
// user pressed r (a new session) ends as replaced, with words saying to
// send it again there: the status line read "tools/call slow: cancelled",
// as if the user had cancelled it, since such an end is also a
// cancellation to errors.Is.
func TestSentReplacedIsNotCancelled(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind == mcptest.KindRequest && x.Method == "tools/call" {
			// One event with an id, then the stream ends, asking for a
			// wait long enough for the new session to come first.
			x.SSE()
			_ = x.WriteRaw(fmt.Sprintf("id: e1\nretry: 2000\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":%s,\"progress\":1}}\n\n", x.ID))
			return
		}
		x.Default()
	}})
	s := mcp.NewSession(mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true})
	resuming := make(chan struct{})
	go func() {
		said := false
		for b := range s.Records() {
			for _, r := range b {
				if !said && r.Kind == mcp.KindState && r.State.State == mcp.StateResuming {
					said = true
					close(resuming)
				}
			}
		}
	}()
	t.Cleanup(func() { s.Close() })
	ctx, cancel := context.WithTimeout(t.Context(), 15*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	called := make(chan error, 1)
	go func() {
		_, err := s.CallTool(ctx, "slow", []byte(`{}`))
		called <- err
	}()
	select {
	case <-resuming:
	case <-ctx.Done():
		t.Fatal("the dropped stream never waited to be resumed")
	}
	if _, err := s.Initialize(ctx); err != nil {
		t.Fatalf("a new session while the call waits: %v", err)
	}
	err := <-called
	level, text := describeSent(sentMsg{label: "tools/call slow", err: err})
	if level == levelError || strings.Contains(text, ": cancelled") || !strings.Contains(text, "send it again in the new session") {
		t.Errorf("the status line reads %q (level %v), want the replaced call's words, not cancelled", text, level)
	}
}
