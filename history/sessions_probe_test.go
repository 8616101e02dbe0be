package history

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A session with a 2025 server starts with detection, whose server/discover
// the server answers 400: a step of detection, not an error. The TUI's
// status bar counts no error for it, and the listing counted one for every
// such session ("ERRS 1").
func TestListSessionsCountsNoAnsweredProbe(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	l := logOf(t, mcp.Config{URL: srv.Endpoint()}, func(ctx context.Context, s *mcp.Session) {
		initialize(t, ctx, s)
	})
	probed := false
	for i := range l.Len() {
		if r := l.At(i); r.Kind == mcp.KindError && r.Error.Op == mcp.OpProbe && r.Error.Status != 0 {
			probed = true
		}
	}
	if !probed {
		t.Fatal("detection left no answered probe's error record: the test no longer shows the case")
	}
	dir := t.TempDir()
	rec, err := Create(filepath.Join(dir, "s.jsonl"), Header{URL: srv.Endpoint(), Started: l.At(0).Time}, RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range l.Len() {
		if err := rec.Write(*l.At(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	infos, err := List(dir)
	if err != nil || len(infos) != 1 {
		t.Fatalf("List = %v, %v; want the one session", infos, err)
	}
	if got, want := infos[0].Errors, l.Stats().Errors; got != want {
		t.Errorf("the listing counts %d errors, the TUI's status bar %d", got, want)
	}
}

// An edited recording whose server/discover has seq 0 is listed, not a
// crash: a record after it with no HTTP exchange looked for the probe's
// purpose on that exchange, and mcpscope sessions panicked.
func TestListSessionsOfADiscoverOfSeqZero(t *testing.T) {
	recs := []mcp.Record{
		{Seq: 0, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "1", Method: "server/discover",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"method":"server/discover"}`)}},
		{Seq: 1, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen, Conn: 1, Transport: mcp.TransportStateless}},
	}
	if info := describe(record(t, recs, RecordOptions{})); info.Sessions != 1 || info.Requests != 1 {
		t.Errorf("listed as %d sessions of %d requests (note %q), want the one of one", info.Sessions, info.Requests, info.Note)
	}
}

// A proxied Go SDK client on legacy HTTP+SSE asks server/discover first;
// the legacy server refuses it on the stream, and that refusal can be
// logged before the POST that carried the probe (202). Read in that
// order, the row read "✗ rpc error" and the listing counted an error:
// both wait for the POST to say what the request was.
func TestProbeRefusedOnTheStreamBeforeItsPost(t *testing.T) {
	recs := []mcp.Record{
		{Seq: 1, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "1", Method: "server/discover",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"method":"server/discover"}`)}},
		{Seq: 2, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, ID: "1", ReqSeq: 1, RPCError: true,
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}`)}},
		{Seq: 3, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposeProbe, Method: "POST", URL: "http://127.0.0.1:9/message?sessionId=a", Status: 202, ReqSeq: 1}},
	}
	l := NewLog()
	l.Append(recs...)
	if p := l.PairOf(1); p == nil || p.State != StateProbe {
		t.Errorf("the server/discover row is %+v, want it read as a refused probe", p)
	}
	if n := l.Stats().Errors; n != 0 {
		t.Errorf("the log counts %d errors, want none", n)
	}
	if info := describe(record(t, recs, RecordOptions{})); info.Errors != 0 {
		t.Errorf("the listing counts %d errors, want none", info.Errors)
	}
}
