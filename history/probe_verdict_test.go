package history

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// The status bar and the sessions listing count errors by one rule: a
// probe the server answered is detection's step, even with no row to tell
// it (a relayed probe, a recording cut short), and a probe with neither an
// answer nor a request is an error to both.
func TestProbeErrorsCountAlikeInTheListingAndTheStatusBar(t *testing.T) {
	now := time.Now()
	for _, c := range []struct {
		name string
		e    mcp.ErrorInfo
		want int
	}{
		{"answered, no row", mcp.ErrorInfo{Op: mcp.OpProbe, Status: 400, Message: "400 Bad Request"}, 0},
		{"its row not in the recording", mcp.ErrorInfo{Op: mcp.OpProbe, ReqSeq: 7, Message: "timed out"}, 0},
		{"no answer, no row", mcp.ErrorInfo{Op: mcp.OpProbe, Message: "connection refused"}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			recs := []mcp.Record{{Seq: 1, Time: now, Kind: mcp.KindError, Error: &c.e}}
			l := NewLog()
			l.Append(recs...)
			infos, err := List(filepath.Dir(record(t, recs, RecordOptions{})))
			if err != nil || len(infos) != 1 {
				t.Fatalf("List = %v, %v; want the one session", infos, err)
			}
			if got := l.Stats().Errors; got != c.want {
				t.Errorf("the status bar counts %d errors, want %d", got, c.want)
			}
			if got := infos[0].Errors; got != c.want {
				t.Errorf("the listing counts %d errors, want %d", got, c.want)
			}
		})
	}
}

// A proxy before it logged a refusal in JSON as the probe's logged a 2026
// client's refused server/discover as a failed POST whose purpose was the
// probe: `mcpscope sessions` listed each such recording with ERRS 1, where
// one made now lists none.
func TestProbeRefusedAsPostBeforeIsNoError(t *testing.T) {
	now := time.Now()
	recs := []mcp.Record{
		{Seq: 1, Time: now, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Class: mcp.ClassRequest, Method: "server/discover", ID: "1"}},
		{Seq: 2, Time: now, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpPost, Purpose: mcp.PurposeProbe, Status: 400, ReqSeq: 1, Message: "400 Bad Request: Server not initialized"}},
	}
	infos, err := List(filepath.Dir(record(t, recs, RecordOptions{})))
	if err != nil || len(infos) != 1 {
		t.Fatalf("List = %v, %v; want the one session", infos, err)
	}
	if got := infos[0].Errors; got != 0 {
		t.Errorf("the listing counts %d errors, want none: the only refusal was of the probe", got)
	}
	// Its replay reads the row as the probe it was, and counts no error.
	l := NewLog()
	l.Append(recs...)
	if l.PairCount() != 1 || l.Pair(0).State != StateProbe {
		t.Errorf("the replayed server/discover row is %+v, want it read as a probe", l.Pair(0))
	}
	if got := l.Stats().Errors; got != 0 {
		t.Errorf("the replay's status bar counts %d errors, want none", got)
	}
}
