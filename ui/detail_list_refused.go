package ui

import (
	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// listRefusedMemo is listRefusedBefore's answer for one pair's request:
// the records before it are scanned once, not each time its lines are
// made.
type listRefusedMemo struct {
	req     *mcp.Record
	refused bool
}

// listRefusedBefore is the package's listRefusedBefore of p, scanned once
// per request.
func (d *detailPane) listRefusedBefore(p *history.Pair) bool {
	if p.Method != "tools/call" || p.Request == nil {
		return false
	}
	if m := d.listRefused; m.req != p.Request {
		d.listRefused = listRefusedMemo{req: p.Request, refused: listRefusedBefore(d.c.log, p.Request.Seq)}
	}
	return d.listRefused.refused
}

// listRefusedBefore reports whether the newest tools/list of log sent
// before the record with Seq seq was refused with -32020 (the server
// found its Mcp-* headers not matching its body): a tools/call refused so
// was advised to list the tools again, which meets the same refusal.
func listRefusedBefore(log *history.Log, seq int64) bool {
	for i := indexOfSeq(log, seq) - 1; i >= 0; i-- {
		r := log.At(i)
		if r == nil || r.Kind != mcp.KindSent || r.RPC == nil || r.RPC.Method != "tools/list" {
			continue
		}
		p := log.PairOf(r.Seq)
		if p == nil || p.Response == nil || p.Response.RPC == nil {
			return false
		}
		sum, ok := readSummary([]byte(p.Response.RPC.Raw))
		return ok && sum.Error != nil && sum.Error.Code == mcp.CodeHeaderMismatch
	}
	return false
}
