package ui

import (
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
)

// cancelSelected cancels the send behind the selected row: the session
// stops waiting and tells the server (notifications/cancelled in the 2025
// eras; in 2026 closing the request's stream is the cancellation), and the
// row shows "cancelled" once the records say so.
func (m *Model) cancelSelected() tea.Cmd {
	// Only a request we sent can be cancelled: it has a request record.
	ours := func(p *history.Pair) bool { return p != nil && p.Kind == history.KindRequest && p.Request != nil }
	if m.pairs.list.follow {
		// The highlight follows the newest row: a request sent just now
		// is the row it is about to go to. x pressed before that row
		// came cancelled (or refused) the older row it was still on.
		if m.cmdline.submits > m.typedSeen {
			// Enter's line is on its way to Update: x came first.
			m.dropTyped = m.cmdline.submits
			return m.setStatus(levelInfo, "cancelling the line just entered…")
		}
		if label := m.sends.cancelNewest(func(seq int64) bool { return m.com.log.PairOf(seq) != nil }); label != "" {
			return m.setStatus(levelInfo, "cancelling "+label+" (its row is still to come)…")
		}
	}
	p := m.pairs.selected()
	if (!ours(p) || p.Listening()) && m.sends.waiting() {
		// Nothing it sent has a row to select: a subscribe waiting for
		// the listen stream's acknowledgement would wait out --timeout.
		return m.setStatus(levelInfo, "cancelling the command still waiting…")
	}
	if !ours(p) {
		// Only what is selected: x on a notification's row cancelled the
		// one request in flight, another row than the highlighted one.
		// "select a request" when none is waiting sent the user looking
		// for a row that is not there.
		how := "select a pending call's row and press " + m.keys.CancelRequest.Help().Key
		if m.com.log.Stats().Pending == 0 {
			how = "no request is waiting for its answer"
		}
		if p == nil {
			return m.setStatus(levelWarn, "nothing to cancel: "+how)
		}
		return m.setStatus(levelWarn, "nothing to cancel: "+pairTitle(p)+" is "+uncancellable(p)+"; "+how)
	}
	label := pairTitle(p) + " (id " + wireLine(p.ID, 64) + ")"
	if m.sends.cancelSeq(p.Request.Seq) {
		return m.setStatus(levelInfo, "cancelling "+label+"…")
	}
	switch {
	case p.Listening() && m.closeStream(p.Request.Seq):
		return m.setStatus(levelInfo, "closing "+label+"…")
	case p.Listening():
		return m.setStatus(levelWarn, label+" is the session's listen stream: it stays open until you quit")
	case p.State == history.StatePending && slices.Contains(m.ended, sentRecord{m.com.log, p.Request.Seq}):
		// Its end is on the status line; the records of it are on their
		// way. It said "sent by the session itself".
		return m.setStatus(levelWarn, "nothing to cancel: "+label+" already ended")
	case p.State == history.StatePending:
		return m.setStatus(levelWarn, label+" was sent by the session itself, not from here: it cannot be cancelled")
	}
	state, _ := m.com.pairState(p)
	// What happened first: an 80-column status bar cuts the end.
	said := "nothing to cancel: " + label + " already ended (" + state + ")"
	if m.com.log.Stats().Pending > 0 {
		// Another is waiting: x cancels it from its own row.
		said += "; " + m.keys.CancelRequest.Help().Key + " on a pending row cancels it"
	}
	return m.setStatus(levelWarn, said)
}

// uncancellable says what row p, no request sent from here, is, and why
// x does not cancel it: "is no request of ours" said neither what a
// notification's row was nor that nothing could cancel it.
func uncancellable(p *history.Pair) string {
	switch p.Kind {
	case history.KindNotificationOut, history.KindNotificationIn:
		return "a notification, which cannot be cancelled"
	case history.KindServerRequest:
		return "the server's request to mcpscope, which only the server can cancel"
	case history.KindForeign, history.KindDuplicate:
		return "an answer, which cannot be cancelled"
	}
	return "no request sent from here, which cannot be cancelled"
}

// ownListen reports whether p is a listen stream typed here and still
// open: x closes it (the session's own stays open until quitting).
func ownListen(p *history.Pair) bool {
	return p != nil && p.Listening() && p.Request != nil && p.Request.RPC != nil && p.Request.RPC.UserStream
}

// sentRecord is a request record of the user's, in the log of the session
// it went out on: in a proxy's TUI each session's records are numbered
// alike.
type sentRecord struct {
	log *history.Log
	seq int64
}

// endedSend notes the request records of a send that returned, and
// forgets those whose rows their log no longer reads pending: what x says
// of a row is then the log's to say. Each is looked up in its own
// session's log, not the one shown now (another client's, whose rows
// under the same numbers had ended). Those of a session let go
// (dropEnded), whose log is closed, are forgotten.
func (m *Model) endedSend(msg sentMsg) {
	m.ended = slices.DeleteFunc(m.ended, func(r sentRecord) bool {
		if !m.logKept(r.log) {
			return true
		}
		p := r.log.PairOf(r.seq)
		return p != nil && p.State != history.StatePending
	})
	for _, seq := range msg.seqs {
		m.ended = append(m.ended, sentRecord{msg.sentLog(m), seq})
	}
}

// logKept reports whether l is the log of a session still listed (or the
// one session of a TUI that is no proxy's).
func (m *Model) logKept(l *history.Log) bool {
	return l == m.com.log || slices.ContainsFunc(m.clients.feeds, func(f *clientFeed) bool { return f.log == l })
}

// sentLog is the log of the session the send went through (see
// sentMsg.log), the shown one when it does not say.
func (msg sentMsg) sentLog(m *Model) *history.Log {
	if msg.log != nil {
		return msg.log
	}
	return m.com.log
}

// sentOn is the connection the record seq of log went out or came in on,
// and whether log has it yet.
func sentOn(log *history.Log, seq int64) (int, bool) {
	p := log.PairOf(seq)
	if p == nil || p.Request == nil || p.Request.RPC == nil {
		return 0, false
	}
	return p.Request.RPC.Conn, true
}

// streamCloser is a backend that can close a listen stream the user opened
// (a live session can; a replay has no backend).
type streamCloser interface{ CloseStream(seq int64) bool }

// closeStream closes the user's own listen stream opened by request seq.
func (m *Model) closeStream(seq int64) bool {
	c, ok := m.backend().(streamCloser)
	return ok && c.CloseStream(seq)
}
