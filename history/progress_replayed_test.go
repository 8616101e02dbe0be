package history

import (
	"fmt"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// Progress a resumed stream sends again (mcp marks it Replayed) is folded
// into its request's row as the rest are, but takes neither the bar back
// nor the row to "progress went from 2 to 1".
func TestReplayedProgressTakesNoRowBack(t *testing.T) {
	progress := func(seq int64, n int, replayed bool) mcp.Record {
		return mcp.Record{Seq: seq, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification, Method: "notifications/progress", Replayed: replayed,
			Raw: mcp.Raw(fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":%d,"total":3}}`, n))}}
	}
	l := NewLog()
	l.Append(
		mcp.Record{Seq: 1, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "1", Method: "tools/call",
			Raw: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow","_meta":{"progressToken":1}}}`}},
		progress(2, 1, false), progress(3, 2, false),
		progress(4, 1, true), progress(5, 2, true),
	)
	p := l.PairOf(1)
	if p.Progress != 2 || p.ProgressProblem != "" {
		t.Errorf("after progress 1, 2 and both sent again, the row shows progress %v and problem %q; want 2 and none", p.Progress, p.ProgressProblem)
	}
	if l.PairCount() != 1 {
		t.Errorf("%d rows, want the request's alone: progress sent again is its request's", l.PairCount())
	}
	l.Append(progress(6, 3, false))
	if p := l.PairOf(1); p.Progress != 3 || p.ProgressProblem != "" {
		t.Errorf("after the next step the row shows progress %v and problem %q; want 3 and none", p.Progress, p.ProgressProblem)
	}
}
