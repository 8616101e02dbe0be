package history

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The negotiation's POST statuses count POSTs only: the GET that resumed a
// dropped stream and the DELETE that ended the session have rows of their
// own, and counted among the POSTs they said "200 ×3" of a session that had
// POSTed two 200s (seen against the conformance suite's sse-retry server).
func TestNegotiationPostsArePostsOnly(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Store: mcptest.StoreStream, Handle: mcptest.CutMidResponse("tools/call", 10*time.Millisecond)})
	l := logOf(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStreamable, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.CallTool(ctx, "echo", []byte(`{"text":"x"}`)); err != nil {
			t.Fatal(err)
		}
	})
	n := l.Negotiation()
	var methods []string
	for _, p := range n.Posts {
		methods = append(methods, p.Method)
	}
	// initialize, notifications/initialized, tools/call.
	if len(methods) != 3 {
		t.Errorf("negotiation POSTs went %v, want the 3 POSTs of the session", methods)
	}
	for _, m := range methods {
		if m != http.MethodPost {
			t.Errorf("negotiation POSTs went %v, want no other method among them", methods)
			break
		}
	}
	if len(n.Resumes) == 0 {
		t.Errorf("no resume listed: the GET that resumed the stream must still show")
	}
}

// The resumes listed are the session's own: a new session (initialize
// again) starts with none, so the last session's lines do not push the
// pane's facts about this one down.
func TestNegotiationResumesAreTheSessionsOwn(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Store: mcptest.StoreStream, Handle: mcptest.CutMidResponse("tools/call", 10*time.Millisecond)})
	var before int
	l := logOf(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStreamable, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.CallTool(ctx, "echo", []byte(`{"text":"x"}`)); err != nil {
			t.Fatal(err)
		}
		initialize(t, ctx, s)
	})
	for i := range l.Len() {
		if r := l.At(i); r.Kind == mcp.KindState && (r.State.State == mcp.StateResuming || r.State.State == mcp.StateResumed) {
			before++
		}
	}
	if before == 0 {
		t.Fatal("the first session resumed nothing: the test shows nothing")
	}
	if n := l.Negotiation(); len(n.Resumes) != 0 {
		t.Errorf("after a new initialize the pane lists %q, the last session's resumes", n.Resumes)
	}
}

// What went wrong in a session that has ended is not this one's problem:
// after the server forgot the session (a restart) and a new initialize
// opened another, the Negotiation pane lists no problem of the old one
// (Pairs still shows the request that failed).
func TestNegotiationProblemsAreTheSessionsOwn(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	l := logOf(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStreamable, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
		sess, err := srv.WaitSession(ctx)
		if err != nil {
			t.Fatal(err)
		}
		sess.Expire()
		if _, err := s.Request(ctx, "ping", nil); mcp.CauseOf(err) != mcp.CauseSessionExpired {
			t.Fatalf("ping on the forgotten session: %v, want session-expired", err)
		}
		initialize(t, ctx, s)
		if _, err := s.Request(ctx, "ping", nil); err != nil {
			t.Fatal(err)
		}
	})
	failed := false
	for i := range l.PairCount() {
		if p := l.Pair(i); p.Request != nil && p.Request.RPC.Method == "ping" && p.Response == nil {
			failed = true
		}
	}
	if !failed {
		t.Fatal("no failed ping in Pairs: the test shows nothing")
	}
	if ps := l.Negotiation().Problems; len(ps) != 0 {
		t.Errorf("the new session's pane lists the old one's problems: %+v", ps)
	}
}
