package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A forced transport is not probed: a session that opens lists no probes,
// and one that fails names the request it opened with and why, and ends
// in the failed state.
func TestForcedTransportDetectRecord(t *testing.T) {
	_, _, rec := dialStreamable(t, mcptest.StreamableOptions{}, Config{})
	d := rec.waitFor(t, "detection", func(r Record) bool { return r.Kind == KindDetect }).Detect
	if !d.Forced || len(d.Attempts) != 0 || !strings.Contains(d.Reason, "detection skipped") {
		t.Errorf("forced and opened: %+v, want no probes and the reason saying detection was skipped", d)
	}

	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	s := NewSession(Config{URL: srv.Endpoint(), Transport: TransportSSE})
	rec = collect(s)
	defer s.Close()
	if err := s.Connect(testCtx(t)); err == nil {
		t.Fatal("legacy SSE against a streamable server connected")
	}
	d = rec.waitFor(t, "detection", func(r Record) bool { return r.Kind == KindDetect }).Detect
	if len(d.Attempts) != 1 || d.Attempts[0].Method != "GET" || d.Attempts[0].Verdict == "" {
		t.Errorf("forced and failed: %+v, want the GET it opened with and a verdict", d.Attempts)
	}
	// Nothing retries: the session says it failed, not that it is starting.
	rec.waitFor(t, "the failed state", func(r Record) bool { return r.Kind == KindState && r.State.State == StateFailed })
}

// An initialize that goes unanswered is never cancelled (the specification
// forbids it): connecting gives up without telling the server anything.
func TestUnansweredInitializeIsNotCancelled(t *testing.T) {
	hang := func(x *mcptest.Exchange) {
		if x.Method == "initialize" {
			<-x.Request.Context().Done() // never answers, until we give up
			return
		}
		x.Default()
	}
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: hang})
	s := NewSession(Config{URL: srv.Endpoint(), Transport: TransportStreamable, EndpointTimeout: 200 * time.Millisecond})
	defer s.Close()
	if err := s.Connect(testCtx(t)); err == nil {
		t.Fatal("connected to a server that never answers initialize")
	}
	s.Close()
	for _, r := range srv.Requests() {
		if r.RPCMethod == "notifications/cancelled" {
			t.Errorf("sent notifications/cancelled for an initialize: %s", r.Body)
		}
	}
}
