package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The listen row read "● listening" from the moment it was sent, before
// the server had acknowledged the stream, or refused it. It reads
// "opening" by the spinner until the acknowledgement, and "● listening"
// once it came.
func TestLiveListenOpeningUntilAcknowledged(t *testing.T) {
	arrived, ack := make(chan struct{}, 1), make(chan struct{})
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.AckListenAfter(arrived, ack)})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless})
	select {
	case <-arrived:
	case <-time.After(15 * time.Second):
		t.Fatal("the listen POST never reached the server")
	}
	l.waitRowState("subscriptions/listen all lists", "opening")
	if strings.Contains(string(l.seen.Bytes()), "listening") {
		t.Fatalf("the listen stream read listening before the server acknowledged it:\n%s", l.seen.String())
	}
	l.mark()
	close(ack)
	l.waitRowState("subscriptions/listen all lists", "● listening")
	m := l.quit()
	if lp := m.com.log.ListenPair(); lp == nil || !lp.StreamOpen {
		t.Errorf("the listen row %+v, want it acknowledged", lp)
	}
}

// A listen stream the server refuses reads the refusal, never listening.
func TestLiveListenRefusedNeverListening(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod(history.ListenMethod, func(x *mcptest.Exchange) {
		x.Error(mcp.CodeMethodNotFound, "no listen here")
	})})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless})
	l.waitRowState("subscriptions/listen all lists", "✗ rpc error")
	m := l.quit()
	if strings.Contains(string(l.seen.Bytes()), "listening") {
		t.Errorf("the refused listen stream read listening:\n%s", l.seen.String())
	}
	if lp := m.com.log.ListenPair(); lp == nil || lp.State != history.StateRPCError {
		t.Errorf("the listen row %+v, want it refused", lp)
	}
}
