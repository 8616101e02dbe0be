package history

import (
	"context"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// logOf runs fn on a session against url, once it connected, and returns
// the Log of all it recorded, once the session is closed.
func logOf(t *testing.T, cfg mcp.Config, fn func(ctx context.Context, s *mcp.Session)) *Log {
	t.Helper()
	return logWhile(t, cfg, func(ctx context.Context, s *mcp.Session) {
		if err := s.Connect(ctx); err != nil {
			t.Fatal(err)
		}
		fn(ctx, s)
	})
}

// logWhile runs fn on a new session against url, which fn connects (or
// fails to), and returns the Log of all it recorded, once the session is
// closed.
func logWhile(t *testing.T, cfg mcp.Config, fn func(ctx context.Context, s *mcp.Session)) *Log {
	t.Helper()
	s := mcp.NewSession(cfg)
	l := NewLog()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for b := range s.Records() {
			l.Append(b...)
		}
	}()
	ctx := testCtx(t)
	fn(ctx, s)
	s.Close()
	waitClosed(t, done, "end of the record stream after Close")
	return l
}

// A response stream that drops and is resumed stays one request: its POST
// and the time to the POST's answer are the POST's, the GET that resumed it
// is listed apart, and the events after it are known as resumed.
func TestLogResumedStreamKeepsThePost(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Store: mcptest.StoreStream, Handle: mcptest.CutMidResponse("tools/call", 10*time.Millisecond)})
	l := logOf(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStreamable, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.CallTool(ctx, "echo", []byte(`{"text":"x"}`)); err != nil {
			t.Fatal(err)
		}
	})
	var call *Pair
	for i := 0; i < l.PairCount(); i++ {
		if p := l.Pair(i); p.Method == "tools/call" {
			call = p
		}
	}
	if call == nil || call.State != StateOK {
		t.Fatalf("tools/call row %+v, want answered", call)
	}
	if call.Post == nil || call.Post.HTTP.Purpose != mcp.PurposePost || call.PostLatency != call.Post.HTTP.Duration {
		t.Errorf("the row's POST is %+v, want the POST that carried the request", call.Post.HTTP)
	}
	if len(call.Resumes) != 1 || call.Resumes[0].HTTP.Purpose != mcp.PurposeResume {
		t.Fatalf("resumes %v, want the one GET that resumed the stream", call.Resumes)
	}
	before, after := 0, 0
	for i := 0; i < l.EventCount(); i++ {
		ev := l.Event(i)
		if ev.Event.ReqSeq != call.Request.Seq {
			continue
		}
		if call.ResumedAt(ev.Seq) {
			after++
		} else {
			before++
		}
	}
	if before == 0 || after == 0 {
		t.Errorf("events of the call: %d before the resume, %d after; want some of each", before, after)
	}
}

// A listen stream is open, not waiting: it is not counted as pending, and
// once it ends it is no longer listening.
func TestLogListenIsNotPending(t *testing.T) {
	at := time.Date(2026, 7, 28, 12, 0, 0, 0, time.UTC)
	l := NewLog()
	l.Append(
		listenSent(at),
		mcp.Record{Seq: 2, Time: at, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "2", Method: "tools/list",
			Raw: `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`}},
		mcp.Record{Seq: 3, Time: at, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST", Status: 200, Opened: "sse", ReqSeq: 1}},
	)
	lp := l.ListenPair()
	if lp == nil || !lp.Listening() {
		t.Fatalf("listen row %+v, want it open", lp)
	}
	if got := l.Stats().Pending; got != 1 {
		t.Errorf("%d pending, want 1: tools/list waits, the listen stream does not", got)
	}
	l.Append(mcp.Record{Seq: 4, Time: at, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpCancelled, Message: "closed", ReqSeq: 1}})
	if lp.Listening() || lp.State != StateCancelled {
		t.Errorf("after its end the listen row is %s, want cancelled and not listening", lp.State)
	}
	if got := l.Stats().Pending; got != 1 {
		t.Errorf("%d pending after the listen stream ended, want 1", got)
	}
}

// What became of the listen stream is a fact about that stream: the
// session's state stays what it was.
func TestLogListenStateLeavesTheSessionState(t *testing.T) {
	l := NewLog()
	l.Append(
		mcp.Record{Seq: 1, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateInitialized, Transport: mcp.TransportStateless}},
		mcp.Record{Seq: 2, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateListen, Detail: "the listen stream ended; reopening in 1s"}},
	)
	if got := l.Stats().State; got != mcp.StateInitialized {
		t.Errorf("state %q after a listen record, want %q", got, mcp.StateInitialized)
	}
	if got := l.Negotiation().Listen; got == "" {
		t.Error("the negotiation lost what became of the listen stream")
	}
}

// A request the user cancelled stays cancelled when the server answers it
// anyway; the answer is kept.
func TestLogCancelledStaysCancelled(t *testing.T) {
	l := NewLog()
	l.Append(
		mcp.Record{Seq: 1, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "1", Method: "tools/call", Raw: `{"jsonrpc":"2.0","id":1,"method":"tools/call"}`}},
		mcp.Record{Seq: 2, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpCancelled, Message: "context canceled", ReqSeq: 1}},
		mcp.Record{Seq: 3, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassLate, ID: "1", ReqSeq: 1, Raw: `{"jsonrpc":"2.0","id":1,"result":{}}`}},
	)
	p := l.PairOf(1)
	if p.State != StateCancelled || p.Response == nil {
		t.Errorf("state %s, response %v; want cancelled with the late answer kept", p.State, p.Response)
	}
}

// listenSent is the record of our subscriptions/listen, id 1 and Seq 1,
// sent at at.
func listenSent(at time.Time) mcp.Record {
	return mcp.Record{Seq: 1, Time: at, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "1", Method: ListenMethod,
		Raw: `{"jsonrpc":"2.0","id":1,"method":"subscriptions/listen","params":{}}`}}
}
