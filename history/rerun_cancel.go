package history

import (
	"context"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A request the recorded client gave up on (x in the TUI, ctrl+c in exec)
// re-ran to its end: a slow tool's thirty seconds, reported as different
// from the recorded cancellation, and then the recorded
// notifications/cancelled went out naming a request id the live session
// never used. The re-run now gives up on it as the recording did, as long
// after sending it, and the live session tells the server with its own id.

// cancelledAfter maps each request the recording cancelled (Seq) to how
// long after it was sent it was.
func cancelledAfter(recs []mcp.Record) map[int64]time.Duration {
	sent := map[int64]time.Time{}
	out := map[int64]time.Duration{}
	for i := range recs {
		r := &recs[i]
		switch {
		case r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Class == mcp.ClassRequest:
			sent[r.Seq] = r.Time
		case r.Kind == mcp.KindError && r.Error != nil && r.Error.Op == mcp.OpCancelled && r.Error.ReqSeq != 0:
			at, ok := sent[r.Error.ReqSeq]
			if _, seen := out[r.Error.ReqSeq]; ok && !seen {
				out[r.Error.ReqSeq] = max(r.Time.Sub(at), 0)
			}
		}
	}
	return out
}

// giveUpAfter is ctx, cancelled d from now.
func giveUpAfter(ctx context.Context, d time.Duration) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	t := time.AfterFunc(d, cancel)
	return ctx, func() {
		t.Stop()
		cancel()
	}
}
