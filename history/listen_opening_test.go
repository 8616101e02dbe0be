package history

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// exportOf is the Markdown export of l under header h.
func exportOf(t *testing.T, h Header, l *Log) string {
	t.Helper()
	var b strings.Builder
	if err := ExportMarkdown(&b, h, l); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The listen row said "listening" from the moment it was sent, before the
// server had acknowledged (or refused) the stream. Read back from the
// recording up to the acknowledgement, the row reads opening, and the
// export says so; from the acknowledgement on, listening. A session closed
// with the stream unacknowledged says it never was.
func TestListenOpeningUntilAcknowledged(t *testing.T) {
	arrived, ack := make(chan struct{}, 1), make(chan struct{})
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.AckListenAfter(arrived, ack)})
	var recs []mcp.Record
	s := mcp.NewSession(mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for b := range s.Records() {
			recs = append(recs, b...)
		}
	}()
	ctx := testCtx(t)
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	waitClosed(t, arrived, "listen POST at the server")
	close(ack)
	s.AwaitListen(ctx)
	s.Close()
	waitClosed(t, done, "end of the record stream after Close")

	at := -1
	for i, r := range recs {
		if r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == mcp.AckMethod {
			at = i
		}
	}
	if at < 0 {
		t.Fatal("no acknowledgement was recorded")
	}
	before := NewLog()
	before.Append(recs[:at]...)
	if lp := before.ListenPair(); lp == nil || !lp.Opening() || lp.ListenWord() != "opening" {
		t.Fatalf("before the acknowledgement the listen row is %+v, want it being opened", lp)
	}
	if out := exportOf(t, Header{Transport: mcp.TransportStateless}, before); !strings.Contains(out, "`subscriptions/listen all lists`: opening") {
		t.Errorf("the export before the acknowledgement does not say the stream is being opened:\n%s", out)
	}
	after := NewLog()
	after.Append(recs[:at+1]...)
	if lp := after.ListenPair(); lp == nil || lp.Opening() || lp.ListenWord() != "listening" {
		t.Fatalf("after the acknowledgement the listen row is %+v, want it listening", lp)
	}
	if out := exportOf(t, Header{Transport: mcp.TransportStateless}, after); !strings.Contains(out, "`subscriptions/listen all lists`: listening") {
		t.Errorf("the export after the acknowledgement does not say the stream is listening:\n%s", out)
	}
}

// A session closed while its listen stream was open (its headers and a
// keep-alive came) but not acknowledged: Detail and the export said "open
// until the session closed" of a stream the server had not taken yet.
func TestListenClosedUnacknowledged(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod(ListenMethod, func(x *mcptest.Exchange) {
		_ = x.WriteRaw(": keepalive\n\n")
		<-x.Context().Done()
	})})
	s := mcp.NewSession(mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless})
	l, kept, told := NewLog(), make(chan struct{}), false
	done := make(chan struct{})
	go func() {
		defer close(done)
		for b := range s.Records() {
			l.Append(b...)
			for _, r := range b {
				if r.Kind == mcp.KindEvent && r.Event != nil && r.Event.Stream == mcp.StreamListen && !told {
					close(kept)
					told = true
				}
			}
		}
	}()
	ctx := testCtx(t)
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	waitClosed(t, kept, "keep-alive on the listen stream")
	s.Close()
	waitClosed(t, done, "end of the record stream after Close")
	lp := l.ListenPair()
	if lp == nil || lp.State != StateClosed || lp.StreamOpen {
		t.Fatalf("the listen row %+v, want closed, never acknowledged", lp)
	}
	if got := lp.ClosedWords(); got != "still being opened when the session closed" {
		t.Errorf("the closed listen row says %q, want that it was still being opened", got)
	}
}
