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
