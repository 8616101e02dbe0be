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

// tokenWatch is the progress tokens the requests of ours named
// (mcp.ProgressTokenOf), and those a line said no request of ours named:
// a notifications/progress for any other token is for none of ours (a
// bridge sharing one upstream broadcasts another client's, or a server
// makes one up), which the TUI marks "foreign token" on its row, and
// which exec, whose progress line draws only a pending request's, left
// unsaid. Past maxWatched tokens it forgets them all and, no longer
// knowing which are ours, says no more.
type tokenWatch struct {
	named, said map[string]bool
	forgot      bool
}

// look remembers the token a request of ours r names, and returns the
// line for r when it is a notifications/progress for a token none named
// (once per token) and whether it is one: its progress continues no
// request of ours, so the rules for one's are not read into it.
func (tw *tokenWatch) look(r *mcp.Record) (string, bool) {
	m := r.RPC
	switch {
	case m == nil || tw.forgot:
		return "", false
	case r.Kind == mcp.KindSent && m.Class == mcp.ClassRequest:
		if token, ok := mcp.ProgressTokenOf(string(m.Raw)); ok {
			if len(tw.named) >= maxWatched {
				tw.named, tw.said, tw.forgot = nil, nil, true
				return "", false
			}
			if tw.named == nil {
				tw.named = map[string]bool{}
			}
			tw.named[token] = true
		}
		return "", false
	case r.Kind != mcp.KindReceived || m.Class != mcp.ClassNotification || m.Method != "notifications/progress":
		return "", false
	}
	pr, ok := mcp.ParseProgress([]byte(m.Raw))
	if !ok || tw.named[pr.Token] {
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
	return history.ForeignProgress(pr.Token), true
}
