package ui

import (
	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// declinedMemo is declinedDuring's answer for one pair's request and
// response: the records between them were scanned each time the pair's
// lines were made (twice when formatted off the update loop), and a call
// that ran long can have thousands.
type declinedMemo struct {
	req, resp *mcp.Record
	method    string
}

// declinedDuring is the package's declinedDuring of p, scanned once per
// request and response.
func (d *detailPane) declinedDuring(p *history.Pair) string {
	if m := d.declined; m.req == nil || m.req != p.Request || m.resp != p.Response {
		d.declined = declinedMemo{req: p.Request, resp: p.Response, method: declinedDuring(d.c.log, p)}
	}
	return d.declined.method
}

// declinedDuring is the method of the last question of the server's the
// user declined while p ran (between its request and its answer), "" for
// none: the server fails p for it with the refusal's code, as exec tells.
func declinedDuring(log *history.Log, p *history.Pair) string {
	if p.Request == nil || p.Response == nil {
		return ""
	}
	declined := ""
	for i := indexOfSeq(log, p.Request.Seq); i < log.Len(); i++ {
		r := log.At(i)
		if r == nil || r.Seq >= p.Response.Seq {
			break
		}
		if m := mcp.DeclinedReply(r); m != "" {
			declined = m
		}
	}
	return declined
}
