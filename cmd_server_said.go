package main

import (
	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// What a server said that later messages of its go against, remembered
// so the line of those can say so: exec's notes and the headless proxy's
// lines read the same records with these, in the same words.

// maxWatched bounds the requests a cancelWatch remembers, as
// history.ProgressWatch bounds its tokens.
const maxWatched = history.MaxWatched

// progressSaid is the line for a notifications/progress whose progress
// breaks the rules (history.ProgressWatch), "" for any other record.
func progressSaid(pw *history.ProgressWatch, r *mcp.Record) string {
	if said := pw.Look(r); said != "" {
		return said + " (said once per request)"
	}
	return ""
}

// cancelWatch is, by the Seq of the request, the id of each request in
// flight a server's notifications/cancelled named (mcp marks it,
// RPCMessage.CancelsOurs), until its answer.
type cancelWatch map[int64]string

// look remembers a cancellation r names a request with, and returns the
// line for an answer to one that came after ("" for any other record):
// the cancellation did not stop it, and without a line the answer read as
// if the cancellation had never come.
func (cw *cancelWatch) look(r *mcp.Record) string {
	if r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Class == mcp.ClassNotification && r.RPC.CancelsOurs != nil {
		if w, ok := history.ReadNoteOf(r.RPC); ok {
			if len(*cw) >= maxWatched {
				// Cancelled requests never answered are never taken
				// out: past the bound, the oldest go, not the newest.
				clear(*cw)
			}
			if *cw == nil {
				*cw = cancelWatch{}
			}
			(*cw)[r.RPC.CancelsOurs.Seq] = w.Cancelled
		}
		return ""
	}
	seq := answered(r)
	id, ok := (*cw)[seq]
	if !ok {
		return ""
	}
	delete(*cw, seq)
	return history.AnsweredAnyway(id)
}

// answered is the Seq of the request r answers (in time or late), 0 for
// any other record.
func answered(r *mcp.Record) int64 {
	if r.Kind != mcp.KindReceived || r.RPC == nil || r.RPC.Class != mcp.ClassResponse && r.RPC.Class != mcp.ClassLate {
		return 0
	}
	return r.RPC.ReqSeq
}

// nullIDAnswer says why a result with id null answers nothing: no request
// waits on it (a server's answer to a notification, say).
const nullIDAnswer = "a result answers a request by its id, and a notification (notifications/initialized, say) is not answered"

// tokenWatch is the progress tokens the pending requests of ours own
// (history.ProgressOwners, as the Log's rows read them), and those a line
// said no pending request owns: a notifications/progress for any other
// token is for none of ours (a bridge sharing one upstream broadcasts
// another client's, or a server makes one up) or came after its request's
// answer, which the TUI marks "foreign token" on its row, and which exec,
// whose progress line draws only a pending request's, left unsaid. Past
// maxWatched pending requests it forgets them all and, no longer knowing
// which are ours, says no more.
type tokenWatch struct {
	owners history.ProgressOwners // by the Seq of the request
	said   map[string]bool
	forgot bool
	// named counts the tokens not ours said since the last request of
	// ours was sent (maxForeignNamed).
	named int
}

// look follows the tokens pending requests of ours own, and returns the
// line for r when it is a notifications/progress for a token none owns
// (once per token, until a request owns it again) and whether it is one:
// its progress continues no pending request of ours, so the rules for
// one's are not read into it.
func (tw *tokenWatch) look(r *mcp.Record) (string, bool) {
	m := r.RPC
	switch {
	case m == nil || tw.forgot:
		return "", false
	case r.Kind == mcp.KindSent && m.Class == mcp.ClassRequest:
		tw.own(r)
		return "", false
	case answered(r) != 0:
		tw.owners.Release(answered(r))
		return "", false
	case r.Kind != mcp.KindReceived || m.Class != mcp.ClassNotification || m.Method != "notifications/progress":
		return "", false
	}
	pr, ok := mcp.ParseProgress([]byte(m.Raw))
	if !ok {
		return "", false
	}
	if _, owned := tw.owners.Owner(pr.Token); owned {
		return "", false
	}
	if tw.said[pr.Token] {
		return "", true
	}
	if len(tw.said) >= maxWatched {
		clear(tw.said)
	}
	if tw.said == nil {
		tw.said = map[string]bool{}
	}
	tw.said[pr.Token] = true
	if tw.named++; tw.named > maxForeignNamed {
		return foreignProgressMore, true
	}
	return history.ForeignProgress(pr.Token), true
}

// maxForeignNamed is how many tokens not ours a request's time names in
// a line each: a server flooding progress for made-up tokens printed
// 2,000 lines alike but for the token. The rest are one line, whose
// repeats exec's notes count (×N).
const maxForeignNamed = 3

// foreignProgressMore is the line for each token not ours past
// maxForeignNamed.
const foreignProgressMore = "progress came for more tokens that no request of ours waiting for its answer owns (exec --json shows each)"

// own notes the token request r owns until its answer.
func (tw *tokenWatch) own(r *mcp.Record) {
	if tw.owners.Len() >= maxWatched {
		tw.owners, tw.said, tw.forgot = history.ProgressOwners{}, nil, true
		return
	}
	token, _ := tw.owners.Own(r.Seq, r.RPC)
	// Owned again: progress for it after this request's answer is said
	// afresh. A new request names foreign tokens afresh too.
	delete(tw.said, token)
	tw.named = 0
}
