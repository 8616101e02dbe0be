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
	p := m.pairs.selected()
	if !ours(p) {
		// The newest row is often a notification the request in flight
		// caused (a log message): with only one, that is the one meant.
		if seq, ok := m.sends.only(); ok {
			if only := m.com.log.PairOf(seq); only != nil {
				p = only
			}
		}
	}
	if (!ours(p) || p.Listening()) && m.sends.waiting() {
		// Nothing it sent has a row to select: a subscribe waiting for
		// the listen stream's acknowledgement would wait out --timeout.
		return m.setStatus(levelInfo, "cancelling the command still waiting…")
	}
	if !ours(p) {
		if m.com.log.Stats().Pending == 0 {
			// "select a request" when none is waiting sent the user
			// looking for a row that is not there.
			return m.setStatus(levelWarn, "nothing to cancel: no request is waiting for its answer")
		}
		return m.setStatus(levelWarn, "select a request of ours in Pairs to cancel it")
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
	case p.State == history.StatePending && slices.Contains(m.ended, p.Request.Seq):
		// Its end is on the status line; the records of it are on their
		// way. It said "sent by the session itself".
		return m.setStatus(levelWarn, "nothing to cancel: "+label+" already ended")
	case p.State == history.StatePending:
		return m.setStatus(levelWarn, label+" was sent by the session itself, not from here: it cannot be cancelled")
	}
	state, _ := m.com.pairState(p)
	// What happened first: an 80-column status bar cuts the end.
	return m.setStatus(levelWarn, "nothing to cancel: "+label+" already ended ("+state+")")
}

// endedSend notes the request records of a send that returned, and
// forgets those whose rows the log no longer reads pending: what x says
// of a row is then the log's to say.
func (m *Model) endedSend(seqs []int64) {
	m.ended = slices.DeleteFunc(m.ended, func(seq int64) bool {
		p := m.com.log.PairOf(seq)
		return p != nil && p.State != history.StatePending
	})
	m.ended = append(m.ended, seqs...)
}

// streamCloser is a backend that can close a listen stream the user opened
// (a live session can; a replay has no backend).
type streamCloser interface{ CloseStream(seq int64) bool }

// closeStream closes the user's own listen stream opened by request seq.
func (m *Model) closeStream(seq int64) bool {
	c, ok := m.backend().(streamCloser)
	return ok && c.CloseStream(seq)
}
