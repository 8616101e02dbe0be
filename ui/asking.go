package ui

import (
	"context"
	"errors"
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// askInterval redraws an open question's time left.
const askInterval = time.Second

// asked queues a question from the session, watches for the session to
// stop waiting for it, and waits for the next.
func (m *Model) asked(q *Question) tea.Cmd {
	m.showHelp = false // the question is what needs the screen now
	cmds := []tea.Cmd{m.ask.push(q), watchQuestion(q), waitForQuestion(m.ctx, m.opts.Answers)}
	if len(m.ask.queue) == 1 {
		// Above: the status bar is the screen's last row, the question
		// over it. What esc does is said once, on the hint row under
		// the input, where it was said three times (the input's
		// placeholder, that row, and here).
		cmds = append(cmds, m.askStatus(), m.askTicker())
	} else {
		cmds = append(cmds, m.setStatus(levelInfo, "another question is waiting: "+plural(len(m.ask.queue), "question")+" in all"))
	}
	return tea.Batch(cmds...)
}

// askReminder is the status while a question is open.
const askReminder = "answer the question above"

// askStatus says to answer the question above, for as long as one is open
// (statusExpired): gone after five seconds, it left a person who looked
// away no word of why the panes would not move.
func (m *Model) askStatus() tea.Cmd {
	m.setStatus(levelInfo, askReminder)
	m.askStatusID = m.statusSeq
	return expireStatus(m.askStatusID, askInterval)
}

// statusExpired ends status message id, unless a newer one replaced it
// meanwhile. While a question is open the reminder to answer it stays,
// and comes back when a message shown over it ends.
func (m *Model) statusExpired(id int) tea.Cmd {
	if !m.status.shows(id) {
		return nil
	}
	if m.ask.open() {
		if id == m.askStatusID {
			return expireStatus(id, askInterval) // looked at again each second, gone a second after the answer
		}
		return m.askStatus()
	}
	m.status.msg = nil
	return m.sayHeldTry()
}

// questionGone withdraws a question the session stopped waiting for, and
// says why, unless it was answered here.
func (m *Model) questionGone(msg questionGoneMsg) tea.Cmd {
	if !slices.Contains(m.ask.queue, msg.q) {
		return nil // answered here; the session has moved on
	}
	typed, cmd := m.ask.withdraw(msg.q)
	what := questionLabel(msg.q)
	if sc := (*mcp.ServerCancelled)(nil); errors.As(msg.err, &sc) {
		said := what + " was withdrawn: the server cancelled it (notifications/cancelled)"
		if sc.Reason != "" {
			said += ": " + wireLine(sc.Reason, 200)
		}
		return tea.Batch(cmd, m.withdrawnStatus(levelWarn, said, typed, false))
	}
	if errors.Is(msg.err, context.DeadlineExceeded) {
		said := "nobody answered " + what + " in time: the session told the server it went unanswered"
		if msg.q.Req.Round {
			// A 2026 round's question: the revision has no answer
			// that says so, and the server was told nothing; the
			// round's asking ended there, as at a decline.
			said = "nobody answered " + what + " in time: it was left unanswered, and the request that asked was not sent again"
		}
		return tea.Batch(cmd, m.withdrawnStatus(levelError, said+" (--timeout sets the wait)", typed, false))
	}
	return tea.Batch(cmd, m.withdrawnStatus(levelWarn, what+" was withdrawn: the request that asked was cancelled or the session closed", typed, false))
}

// withdrawnStatus says a question was withdrawn (text), and what was typed
// into it and not sent (typed), kept for ↑: a form half filled must not
// vanish with the question. A message that names an unsent answer is shown
// whole, to be read to the end, and carried past the news that follows
// (carryUnsent). round says the question was a 2026 round's (unsentAfter).
func (m *Model) withdrawnStatus(level statusLevel, text, typed string, round bool) tea.Cmd {
	if typed == "" {
		return m.setStatus(level, text)
	}
	kept := "your unsent answer is kept (" + m.keys.HistoryPrev.Help().Key + " in its answer, asked again, brings it back): " + wireLine(typed, 200)
	text += "; " + kept
	cmd := m.setStatus(level, text)
	m.unsent.text, m.unsent.id, m.unsent.kept, m.unsent.round = text, m.statusSeq, kept, round
	return cmd
}

// askTicker keeps the time left on an open question current.
func (m *Model) askTicker() tea.Cmd {
	if m.askTicking {
		return nil
	}
	m.askTicking = true
	return tea.Tick(askInterval, func(time.Time) tea.Msg { return askTickMsg{} })
}

func (m *Model) askTick() tea.Cmd {
	m.askTicking = false
	if !m.ask.open() {
		return nil
	}
	return m.askTicker()
}
