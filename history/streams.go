package history

import (
	"slices"

	"github.com/mcpscope/mcpscope/mcp"
)

// Two kinds of streams change what a row means. A 2026 listen stream is a
// request whose answer never comes on purpose: it is open, not waiting, so
// it is no "pending" request for the status bar or the spinner. And a
// streamable response stream that dropped and was resumed with a GET is
// still the same request's answer: the GET is not the POST that carried it.

// ListenMethod is the 2026 request whose answer is the session's live stream.
const ListenMethod = mcp.ListenMethod

// Listening reports whether the row is a listen stream that has not
// ended: open, or still being opened (Opening).
func (p *Pair) Listening() bool {
	return p.Kind == KindRequest && p.State == StatePending && p.Method == ListenMethod
}

// Opening reports whether the row is a listen stream sent and not ended,
// that the server has not shown it took yet (StreamOpen): a server slow to
// acknowledge, or one about to refuse, is no stream delivering anything.
func (p *Pair) Opening() bool {
	return p.Listening() && !p.StreamOpen
}

// ListenWord is what a listen stream that has not ended reads as, in the
// TUI's rows and the export alike: "opening" until the server took it,
// "listening" after; "" for any other row.
func (p *Pair) ListenWord() string {
	switch {
	case p.Opening():
		return "opening"
	case p.Listening():
		return "listening"
	}
	return ""
}

// listenOpened marks open the listen stream that carried m, a
// notification the server sent: its acknowledgement, or (from a server
// that sends none) what it streams. One naming a subscription not ours
// says nothing of our stream.
func (l *Log) listenOpened(m *mcp.RPCMessage) {
	if l.eventOf == 0 || m.ForeignSubscription != "" {
		return
	}
	i, p := l.row(l.eventOf)
	if p == nil || p.kind() != KindRequest || p.method != ListenMethod || p.state() != StatePending {
		return
	}
	if x := p.extra(); !x.streamOpen {
		x.streamOpen = true
		l.views.refresh(l, i)
	}
}

// ClosedWords says how a row the session's close ended had got on, for
// Detail and the export; "" for any other row. A request read "✗ POST
// error" before, where the server had not answered yet.
func (p *Pair) ClosedWords() string {
	switch {
	case p.State != StateClosed:
		return ""
	case p.Kind == KindServerRequest && p.proxied:
		return "the session closed before the client answered"
	case p.Kind == KindServerRequest:
		return "the session closed before mcpscope answered"
	case p.Method != ListenMethod:
		return "the session closed before an answer came"
	case !p.StreamOpen:
		// The server had not acknowledged it (nor answered the POST that
		// opens it): "open until" said it delivered what it never did,
		// and beside "POST no answer" said two things.
		return "still being opened when the session closed"
	}
	return "open until the session closed"
}

// waits reports whether the row is one of our requests waiting for its
// answer: pending, and not a listen stream.
func (p *row) waits() bool {
	return p.kind() == KindRequest && p.state() == StatePending && p.method != ListenMethod
}

// ListenPair is the row of the session's newest listen stream, or nil when
// none was opened. One the user typed is a subscription of its own beside
// it, not the session's live stream.
func (l *Log) ListenPair() *Pair {
	if l.listenRow < 0 {
		return nil
	}
	return l.views.get(l, l.listenRow)
}

// noteListen remembers the row a listen request opened: the session's
// own, and among the open ones, those typed by hand too.
func (l *Log) noteListen(row int32, m *mcp.RPCMessage) {
	if m.Method != ListenMethod {
		return
	}
	l.endsAtClose(row)
	if !m.UserStream {
		l.listenRow = row
		// What became of the stream before is no longer news: a new one
		// is on its way, and what becomes of it is said anew.
		l.neg.listen, l.neg.dirty = "", true
	}
}

// endsAtClose files row among those the session's close ends if still
// pending. Those ended already (replaced, cancelled, failed) are let go,
// so a session that subscribes or cancels all day keeps only what is open.
func (l *Log) endsAtClose(row int32) {
	l.openAtClose = slices.DeleteFunc(l.openAtClose, func(i int32) bool { return l.rows.at(int(i)).state() != StatePending })
	if !slices.Contains(l.openAtClose, row) {
		l.openAtClose = append(l.openAtClose, row)
	}
}

// closePending ends the listen streams still open as the session closes,
// and the requests still waiting on the POST mcpscope stopped waiting for
// then, or on the answer to a POST the server took (202 on legacy SSE):
// nothing carries them after it, and Pairs, Negotiation and the export,
// which all read the row, said "listening" of a closed session, and "✗
// POST error" of a request the server was still working on.
func (l *Log) closePending() {
	for _, i := range l.openAtClose {
		if p := l.rows.at(int(i)); p.state() == StatePending {
			l.setState(p, StateClosed)
			l.views.refresh(l, i)
		}
	}
	l.openAtClose = nil
}

// resumed files a GET (entry + 1) that resumed a request's dropped
// response stream under that request, leaving the POST that carried it as
// it was.
func (l *Log) resumed(p *row, e int32) {
	if x := p.extra(); len(x.resumes) < maxResumes {
		x.resumes = append(x.resumes, e)
	}
}

// ResumedAt reports whether the record with Seq seq came after the row's
// response stream was first resumed: the events a resumed stream carried.
func (p *Pair) ResumedAt(seq int64) bool {
	return len(p.Resumes) > 0 && seq > p.Resumes[0].Seq
}
