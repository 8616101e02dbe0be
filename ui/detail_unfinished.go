package ui

import (
	"github.com/mcpscope/mcpscope/history"
)

// unfinishedAnswers is a Backend that offers what came of a waiting
// request's answer without making a whole event yet (a live
// *mcp.Session's UnfinishedAnswer).
type unfinishedAnswers interface {
	UnfinishedAnswer(reqSeq int64) string
}

// offeredBy takes the unfinished answers of b's requests, when it offers
// them; a replay's or a proxied client's session has none to offer.
func (d *detailPane) offeredBy(b Backend) {
	d.unfinished = nil
	if u, ok := b.(unfinishedAnswers); ok {
		d.unfinished = u.UnfinishedAnswer
	}
}

// unfinishedOf is the bytes of the event p's answer stream stopped
// inside while p waits, "" for none. They are the session's own, not a
// copy: asked for at every Update, they cost a lookup.
func (d *detailPane) unfinishedOf(p *history.Pair) string {
	if d.unfinished == nil || p == nil || p.State != history.StatePending || p.Kind != history.KindRequest ||
		p.Response != nil || p.Request == nil {
		return ""
	}
	return d.unfinished(p.Request.Seq)
}

// soFar shows the bytes of the event the answer's stream stopped inside,
// as received and cut as any body is: "waiting for the answer" said
// nothing of what came of it, which may be why it is stuck (a proxy
// holding back the rest, an event the server never ends).
func (in *detailInput) soFar(out []string) []string {
	if in.unfinished == "" {
		return out
	}
	note := "an unfinished event · " + history.FormatSize(int64(len(in.unfinished)))
	out = append(out, "", in.section("Answer so far", note))
	out = in.notUTF8(out, in.unfinished, "unfinished answer", "an event stream")
	return in.json(out, in.unfinished, false)
}
