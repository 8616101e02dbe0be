package mcp

import (
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An endpoint wait that ran out on a stream fed with comments has a cause
// of its own (endpoint-not-sent) for its advice, and detection reads it
// exactly as the endpoint-timeout it was: it falls through to the next
// transport, is no "not served" on a reconnect, is logged as negotiating,
// ends a session, and keeps its message as the probe's error.
func TestEndpointNotSentIsDetectedAsEndpointTimeout(t *testing.T) {
	was, is := &WireError{Cause: CauseEndpointTimeout}, &WireError{Cause: CauseEndpointNotSent}
	if fallThrough(was) != fallThrough(is) || notServed(was) != notServed(is) || connectOp(was) != connectOp(is) ||
		IsConnectionFailure(was) != IsConnectionFailure(is) {
		t.Errorf("endpoint-not-sent is read otherwise than endpoint-timeout: fallThrough %v/%v notServed %v/%v op %q/%q connection %v/%v",
			fallThrough(was), fallThrough(is), notServed(was), notServed(is), connectOp(was), connectOp(is), IsConnectionFailure(was), IsConnectionFailure(is))
	}
	// Over the wire: a legacy stream of keep-alive comments where its
	// endpoint event belongs.
	srv := mcptest.New(t, mcptest.Options{EndpointRaw: func(string) string { return ": ping\n\n: ping\n\n" }})
	s := NewSession(Config{URL: srv.SSEURL(), Transport: TransportSSE, EndpointTimeout: 300 * time.Millisecond, RequestTimeout: time.Second})
	t.Cleanup(func() { s.Close() })
	go func() {
		for range s.Records() {
		}
	}()
	if err := s.Connect(testCtx(t)); CauseOf(err) != CauseEndpointNotSent {
		t.Errorf("Connect = %v (cause %q), want %q", err, CauseOf(err), CauseEndpointNotSent)
	}
}
