package ui

import (
	"errors"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// A question asked on a legacy /sse stream is answered by a POST to that
// stream's endpoint, which dies with it: after the stream broke (and more
// so once a reconnect opened a new session, which never asked) an Enter
// sent the answer nowhere, the form closed, and the status bar said
// "answered" until the reconnect's news replaced it. The answer typed is
// kept instead, as a withdrawn question's is, and the status bar says why
// it could not go.

// errStreamGone answers, to the session, a question whose stream broke
// before the user's answer could be sent on it.
var errStreamGone = errors.New("the stream the question came on broke before it was answered")

// askStreamGone is why the head question can no longer be answered ("" while
// it can): the legacy stream it came on broke after it was asked.
func (m *Model) askStreamGone(q *Question) string {
	if q == nil || m.com.log.Stats().Transport != mcp.TransportSSE {
		return ""
	}
	if q.broke {
		return "the stream it came on broke"
	}
	// The newest news after the question says it: a stream back on a new
	// session that never asked, or one that broke.
	for i := m.com.log.Len() - 1; i >= 0; i-- {
		r := m.com.log.At(i)
		if r.Seq <= q.Req.Seq {
			break
		}
		if r.Kind != mcp.KindState || r.State == nil {
			continue
		}
		switch r.State.State {
		case mcp.StateSessionReplaced:
			return "the stream broke and reconnected to a new session, which did not ask it"
		case mcp.StateClosed, mcp.StateReconnecting, mcp.StateFailed:
			return "the stream it came on broke"
		}
	}
	return ""
}

// streamBroke marks the questions open as asked on a stream that broke,
// when err, the failure of a call sent as the records seqs, says the
// legacy stream ended under it. The call's error reaches Update apart
// from the records that say so: an Enter or Esc between the two, with the
// break already on the status line, sent the answer nowhere and said
// "cancelled" or "answered". A question that came on another stream (one
// a reconnect opened since) is still answerable there and is left alone;
// on reports the connection of a record of the call's session (sentOn).
func (a *askPrompt) streamBroke(err error, seqs []int64, on func(seq int64) (int, bool)) {
	var we *mcp.WireError
	if !errors.As(err, &we) || we.Transport != mcp.TransportSSE || we.Purpose != mcp.PurposeStream {
		return
	}
	broken, known := 0, false
	for _, seq := range seqs {
		if broken, known = on(seq); known {
			break
		}
	}
	for _, q := range a.queue {
		if conn, ok := on(q.Req.Seq); known && ok && conn != broken {
			continue
		}
		q.broke = true
	}
}

// unsentAnswer closes the head question, whose stream is gone (why),
// keeping what was typed for ↑ and saying it was not sent. dismissed is
// an Esc: the reply not sent is the cancel (or decline) it stands for.
func (m *Model) unsentAnswer(q *Question, why string, dismissed bool) tea.Cmd {
	reply := "your answer"
	if dismissed {
		reply = "your decline"
		if q.Req.Method == "elicitation/create" {
			reply = "your cancel (action: cancel)"
		}
	}
	typed, cmd := m.ask.withdraw(q)
	q.answer(nil, errStreamGone)
	return tea.Batch(cmd, m.withdrawnStatus(levelWarn, "could not send "+reply+" to "+questionLabel(q)+": "+why, typed, false))
}

// unsentShown is the status message naming a kept unsent answer while it
// is the one shown, "" otherwise.
func (m *Model) unsentShown() string {
	if m.unsent.text == "" || !m.status.shows(m.unsent.id) {
		return ""
	}
	return m.unsent.text
}

// carryUnsent puts the unsent answer's message (shown, from unsentShown
// before the news) after whatever replaced it: the answer must not
// vanish from the screen without a word read.
func (m *Model) carryUnsent(shown string) {
	if shown == "" || m.status.msg == nil || m.status.msg.id == m.unsent.id {
		return
	}
	m.status.msg.text += " · " + shown
	m.unsent.id = m.status.msg.id
}

// unsentAfter is what the end of sent carries of the unsent answer's
// message (shown, from unsentShown): only what is kept when the answer was
// a 2026 round's declined question and sent ended declined, its status
// saying the round ended there, so the decline is not said twice.
func (m *Model) unsentAfter(shown string, sent sentMsg) string {
	if shown != "" && m.unsent.round && errors.Is(sent.err, mcp.ErrDeclined) {
		return m.unsent.kept
	}
	return shown
}
