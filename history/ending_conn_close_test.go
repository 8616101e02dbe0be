package history

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy stream that the server closed is one connection's end, written
// as a "closed" state of that connection, and the session goes on (the
// user may press r) until mcpscope closes it. A recording cut right after
// that connection's close (mcpscope killed then) ends without the
// session's close, and the reader, the replay and the listing say so; the
// whole recording, ending with the session's own close, says nothing.
func TestARecordingCutAfterAConnectionsCloseHasNoClose(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{CloseAfterEndpoint: true})
	s := mcp.NewSession(mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	var recs []mcp.Record
	connClosed, done := make(chan int, 1), make(chan struct{})
	go func() {
		defer close(done)
		for b := range s.Records() {
			for _, r := range b {
				recs = append(recs, r)
				if r.Kind == mcp.KindState && r.State.State == mcp.StateClosed && r.State.Conn != 0 {
					select {
					case connClosed <- len(recs):
					default:
					}
				}
			}
		}
	}()
	ctx := testCtx(t)
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	var cut int
	select {
	case cut = <-connClosed:
	case <-ctx.Done():
		t.Fatal("the server's close of the legacy stream was never recorded")
	}
	s.Close()
	waitClosed(t, done, "end of the record stream after Close")

	notes := func(path string) (reader, replay []string, listing string) {
		_, r := readAll(t, path)
		return r.Warnings(), loaded(t, path).Warnings(), describe(path).Note
	}
	r, p, l := notes(record(t, recs, RecordOptions{}))
	if len(r) != 0 || len(p) != 0 || l != "" {
		t.Errorf("the whole recording: reader %q, replay %q, listing %q; want no note", r, p, l)
	}
	r, p, l = notes(record(t, recs[:cut], RecordOptions{}))
	for what, got := range map[string][]string{"reader": r, "replay": p, "listing": {l}} {
		if len(got) != 1 || got[0] != unclosedNote {
			t.Errorf("%s of a recording cut after the stream's close: %q; want once %q", what, got, unclosedNote)
		}
	}
}
