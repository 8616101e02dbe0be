package main

import (
	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// What a server said that later messages of its go against, remembered
// so the line of those can say so: exec's notes and the headless proxy's
// lines read the same records with these, in the same words.

// tokenProgress is a progress token's last notification, and whether a
// problem with its progress was said.
type tokenProgress struct {
	last mcp.Progress
	said bool
}

// progressWatch is each progress token's last notification, and whether
// a problem with its progress was said (once per token).
type progressWatch map[string]*tokenProgress

// maxWatched bounds the tokens and requests a watch remembers: a flood
// of them costs its memory, not more.
const maxWatched = 2000

// look reads record r: a request naming a progress token starts that
// token afresh (a client may use one again once its request is answered,
// and the new request's progress is no continuation of the old one's),
// and a notifications/progress gets problem's line ("" for any other).
func (pw *progressWatch) look(r *mcp.Record) string {
	m := r.RPC
	if m == nil {
		return ""
	}
	if r.Kind == mcp.KindSent && m.Class == mcp.ClassRequest {
		if token, ok := mcp.ProgressTokenOf(string(m.Raw)); ok {
			delete(*pw, token)
		}
		return ""
	}
	if r.Kind != mcp.KindReceived || m.Class != mcp.ClassNotification || m.Method != "notifications/progress" {
		return ""
	}
	if pr, ok := mcp.ParseProgress([]byte(m.Raw)); ok {
		return pw.problem(pr)
	}
	return ""
}

// problem is the line saying how a notifications/progress breaks the
// rules for one (history.ProgressProblem), the first time one of its
// token's does, "" otherwise: the bar drawn from it clamps, and off a
// terminal there is no bar at all.
func (pw *progressWatch) problem(pr mcp.Progress) string {
	var last *mcp.Progress
	seen := (*pw)[pr.Token]
	if seen == nil {
		if len(*pw) >= maxWatched {
			clear(*pw)
		}
		if *pw == nil {
			*pw = progressWatch{}
		}
		seen = &tokenProgress{}
		(*pw)[pr.Token] = seen
	} else {
		before := seen.last
		last = &before
	}
	seen.last = pr
	problem := history.ProgressProblem(last, pr)
	if problem == "" || seen.said {
		return ""
	}
	seen.said = true
	return history.ProgressWarning(pr.Token, problem) + " (said once per request)"
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
