package history

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The URIs subscribed to are read from the log: a subscribe the server
// refused is none, an unsubscribe answered takes one away, and a new
// initialize (a new session, which has none) or a session the server
// forgot leaves none.
func TestSurfaceNamesTheURIsSubscribedTo(t *testing.T) {
	ctx := testCtx(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch {
		case x.Kind == mcptest.KindRequest && strings.Contains(string(x.Params), "refused://"):
			x.Error(-32602, "no such resource")
		case x.Kind == mcptest.KindRequest && strings.HasPrefix(x.Method, "resources/") && strings.HasSuffix(x.Method, "subscribe"):
			x.Result(struct{}{})
		default:
			x.Default()
		}
	}})
	l := NewLog()
	recs := recordSession(t, ctx, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, func(s *mcp.Session) {
		initialize(t, ctx, s)
		for _, uri := range []string{"demo://a", "refused://b", "demo://c", "demo://a"} {
			s.Subscribe(ctx, uri) // refused://b is refused, on purpose
		}
		if _, err := s.Unsubscribe(ctx, "demo://a"); err != nil {
			t.Fatal(err)
		}
		initialize(t, ctx, s)
		if _, err := s.Subscribe(ctx, "demo://d"); err != nil {
			t.Fatal(err)
		}
		// The server forgets the session: the next request says so.
		for _, sess := range srv.Sessions() {
			sess.Expire()
		}
		if _, err := mcp.Checked(s.Request(ctx, "ping", nil)); err == nil {
			t.Fatal("a ping on an expired session succeeded")
		}
	})
	// The last initialize starts the new session.
	last := len(recs) - 1
	for last >= 0 && (recs[last].RPC == nil || recs[last].RPC.Method != "initialize" || recs[last].Kind != mcp.KindSent) {
		last--
	}
	if last < 0 {
		t.Fatal("the session sent no initialize")
	}
	l.Append(recs[:last]...)
	if got, want := strings.Join(l.Surface().Subscribed, " "), "demo://c"; got != want {
		t.Errorf("before the new session, subscribed = %q, want %q", got, want)
	}
	expired := slices.IndexFunc(recs, func(r mcp.Record) bool { return r.State != nil && r.State.State == mcp.StateExpired })
	if expired < last {
		t.Fatalf("no session-expired record after the last initialize (at %d)", expired)
	}
	l.Append(recs[last:expired]...)
	if got, want := strings.Join(l.Surface().Subscribed, " "), "demo://d"; got != want {
		t.Errorf("in the new session, subscribed = %q, want %q (the new session's only)", got, want)
	}
	l.Append(recs[expired:]...)
	if got := l.Surface().Subscribed; len(got) != 0 {
		t.Errorf("after the session expired, subscribed = %q, want none", got)
	}
}

// A URI longer than a row's subject keeps (a file deep in a tree, a URL
// with a long query) is subscribed to whole: the command line offers it
// to unsubscribe, and the subject's cut ("… (243 bytes)") named no
// resource; two long URIs alike in their first bytes are two, and
// unsubscribing one leaves the other.
func TestSurfaceKeepsLongSubscribedURIsWhole(t *testing.T) {
	ctx := testCtx(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind == mcptest.KindRequest && strings.HasPrefix(x.Method, "resources/") && strings.HasSuffix(x.Method, "subscribe") {
			x.Result(struct{}{})
			return
		}
		x.Default()
	}})
	long := "file:///home/user/projects/" + strings.Repeat("deep/", 40)
	a, b := long+"a.txt", long+"b.txt"
	recs := recordSession(t, ctx, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, func(s *mcp.Session) {
		initialize(t, ctx, s)
		for _, uri := range []string{a, b} {
			if _, err := s.Subscribe(ctx, uri); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Unsubscribe(ctx, a); err != nil {
			t.Fatal(err)
		}
	})
	l := NewLog()
	l.Append(recs...)
	if got := l.Surface().Subscribed; !slices.Equal(got, []string{b}) {
		t.Errorf("subscribed = %q, want only %q, whole", got, b)
	}
}
