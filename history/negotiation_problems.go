package history

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
)

// addSource remembers a record that may become a problem. Only the newest
// are kept: the pane shows what is wrong now, the pairs pane keeps the rest.
// An error said in the same words as one kept already takes its place: the
// same failure repeated is one problem, and a flood of it (every request a
// flooding server was not answered) must not push out what came before.
func (n *negotiationIndex) addSource(r *mcp.Record) {
	if e := r.Error; r.Kind == mcp.KindError && e != nil {
		n.sources = slices.DeleteFunc(n.sources, func(s *mcp.Record) bool {
			return s.Kind == mcp.KindError && s.Error != nil && s.Error.Op == e.Op && s.Error.Message == e.Message
		})
	}
	if len(n.sources) == 2*maxSources {
		n.sources = append(n.sources[:0], n.sources[maxSources:]...)
	}
	n.sources = append(n.sources, r)
	n.dirty = true
}

// problemOf is the problem record r says, if it says one now.
func (l *Log) problemOf(r *mcp.Record) (Problem, bool) {
	if r.Kind == mcp.KindError {
		e := r.Error
		p := Problem{Level: LevelError, Message: e.Message, Hint: e.Hint, Seq: r.Seq}
		if e.Cause == mcp.CauseRedirected {
			// The client followed it: worth knowing (each message takes
			// two trips, or went past the proxy), but nothing failed.
			p.Level = LevelInfo
		}
		if e.Cause != "" {
			f := advice.FactOf(e)
			p.Fact = &f
		}
		return p, true
	}
	// The session follows a failed exchange with an error record that says
	// what to do; the status speaks for itself only when that is missing.
	h := r.HTTP
	if h.Purpose == mcp.PurposeStream {
		for _, s := range l.neg.sources {
			if s.Kind == mcp.KindError && (s.Error.Op == mcp.OpConnect || s.Error.Op == mcp.OpNegotiate) && s.Seq > r.Seq {
				return Problem{}, false
			}
		}
	} else if _, p := l.row(h.ReqSeq); h.ReqSeq != 0 && p != nil && (p.wireOf().fail != 0 || p.resp != 0) {
		// Nor when the refusal's body was the request's answer: a JSON-RPC
		// error its row shows with what it means (a 2026-07-28 server
		// answers a method it lacks, ping, with 404 and -32601), where the
		// status alone said "nothing answers at this URL" of a server that
		// answered every other request.
		return Problem{}, false
	} else if ep := l.neg.endpoint; ep != nil && h.URL == ep.Endpoint.Preferred && PostsElsewhere(ep.Endpoint) {
		// The preferred URL's refusal is why the session switched to
		// another, which the endpoint's warning says with the status.
		return Problem{}, false
	}
	return l.statusProblem(r)
}

// statusProblem is the problem a failed HTTP exchange's status says,
// when the advice table has words for it.
func (l *Log) statusProblem(r *mcp.Record) (Problem, bool) {
	h := r.HTTP
	verb := h.Method
	if verb == "" {
		verb = "POST"
	}
	msg := fmt.Sprintf("%s answered %d %s", verb, h.Status, http.StatusText(h.Status))
	if h.Status == http.StatusUnauthorized {
		if wa := mcp.RecordedHeader(h.Headers, "WWW-Authenticate"); wa != "" {
			msg += " (WWW-Authenticate: " + mcp.HeaderQuote(wa) + ")"
		}
	}
	fact := &advice.Fact{Cause: mcp.CauseStatus, Status: h.Status, Purpose: h.Purpose, Transport: l.neg.transport}
	if advice.For(*fact, advice.TUI) == "" {
		return Problem{}, false
	}
	return Problem{Level: LevelError, Seq: r.Seq, Message: msg, Fact: fact}, true
}
