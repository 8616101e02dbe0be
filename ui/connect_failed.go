package ui

// The connection's failure as the screen says it: on the status line, in
// Negotiation, and again when a failure is replaced or the layout changes.

import (
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// sayConnectFailed puts why the connection failed on the status line: on a
// small terminal the Negotiation pane that explains it is a tab the user
// is not looking at, and "● failed" alone says nothing of what to do.
func (m *Model) sayConnectFailed(batch []mcp.Record) tea.Cmd {
	if m.com.log.Stats().State != mcp.StateFailed || m.connectingAgain() {
		return nil
	}
	e := m.connectFailure(batch)
	if e == nil {
		return nil
	}
	m.negotiationForward()
	if e != m.connFail.err {
		m.connFail.tries++
		m.connFail.dropped, m.connFail.pending = m.connFail.pending, ""
	}
	if m.connFail.tries > 1 {
		m.connFail.again = " again at " + m.com.now().Format("15:04:05") + " (try " + strconv.Itoa(m.connFail.tries) + ")"
	}
	text, rows := m.connectFailedText(e)
	cmd := m.setStatus(levelError, text)
	m.status.msg.rows = rows
	m.connFail.err, m.connFail.id = e, m.statusSeq
	return cmd
}

// connectingAgain reports whether a connect began after the session last
// failed (r): its state still reads the failure until detection ends (it
// logs no state of its own before its verdict), and detection's first
// probe given up on a port that never answered was said as "could not
// connect again (try 2)" under the bar's "detecting", then "(try 3)" for
// the same press. A request sent since the failure is a new connect's.
// Bounded: the failure is near the log's end; none found, it stands.
func (m *Model) connectingAgain() bool {
	for i, n := m.com.log.Len()-1, 0; i >= 0 && n < 4096; i, n = i-1, n+1 {
		switch r := m.com.log.At(i); {
		case r == nil || isState(r, mcp.StateFailed):
			return false
		case isState(r, mcp.StateConnecting) || r.Kind == mcp.KindSent:
			return true
		}
	}
	return false
}

// rewordConnectFailed words the message of sayConnectFailed again after
// a resize, while it is on screen: worded for 160 columns, its advice
// came last and a 60-column terminal cut all of it. A layout that now
// shows Negotiation as a tab, and did not before (newlyTabbed), brings it
// forward as a failure does; one that already did keeps the pane the user
// went to since.
func (m *Model) rewordConnectFailed(newlyTabbed bool) {
	if !m.connectFailedShown() {
		return
	}
	if newlyTabbed {
		m.negotiationForward()
	}
	m.status.msg.text, m.status.msg.rows = m.connectFailedText(m.connFail.err)
}

// connectFailedShown reports whether the status line shows why connecting
// failed now: the message sayConnectFailed set is still the one drawn (not
// given way to the open command line), on a screen large enough to show it.
func (m *Model) connectFailedShown() bool {
	d := m.status.drawn()
	return m.connFail.err != nil && d != nil && d.id == m.connFail.id && m.lay.Mode != modeTooSmall
}

// connectAdviceShown is the advice the status line shows now with why
// connecting failed, "" when it shows none: the Negotiation pane then
// leaves it out under the failure it names. Both said it at once, and at
// 80x24 the repeat took three of the screen's rows; once the message
// is gone the pane says it again.
func (m *Model) connectAdviceShown() string {
	if !m.connectFailedShown() {
		return ""
	}
	return advice.ForInfo(m.connFail.err, advice.TUI)
}

// droppedFailRows is the most rows why connecting failed wraps over,
// after what it dropped unsent ("tools/list not sent: "), before what to
// do goes first and the attempts are cut: against a server that never
// answered, detection's three attempts took five rows of 80 columns,
// over the Negotiation pane that lists them, brought forward.
const droppedFailRows = 3

// connectFailedText is why connecting failed and what to do, worded to
// be read whole at the terminal's size, and the rows it needs (0: all it
// wraps over).
func (m *Model) connectFailedText(e *mcp.ErrorInfo) (string, int) {
	hint := advice.ForInfo(e, advice.TUI)
	// Detection's attempts each named the URL, three times at 80
	// columns a row of five: it is named once, before them. One
	// attempt's stays where it is.
	lead := func(at string) string { return m.connFail.dropped + "could not connect" + at + m.connFail.again }
	why, at := withoutBody(e), ""
	if url := m.ownURL(); url != "" && strings.Count(why, " "+url+" ")+strings.Count(why, " "+url+": ") > 1 {
		why, at = m.ownURLLeftOut(why), " to "+url
	}
	if d := m.com.log.Negotiation().Detect; d != nil && e.Message == d.Reason {
		// Every probe met the same: the verdict said once, not once a
		// probe (no transport worked: each probe's, which Negotiation
		// lists).
		if named, counted, url := alikeAttempts(d); named != "" {
			// The probes named, unless that takes a row more than
			// their count: Negotiation, brought forward, names them.
			why, at = named, " to "+url
			said := func(why string) int {
				return len(wrapWords(lead(at)+": "+why+" — "+hint, max(m.width, 1)))
			}
			if said(named) > said(counted) {
				why = counted
			}
		}
	}
	text := lead(at) + ": " + why
	rows := 0
	if hint != "" {
		text += " — " + hint
		most := wholeMsgRows(m.height)
		if m.connFail.dropped != "" {
			most = min(most, droppedFailRows)
		}
		if len(wrapWords(text, max(m.width, 1))) > most {
			// More than the rows it can wrap over: what to do goes
			// first, and the cut falls on the attempts, which the
			// Negotiation pane lists (a narrow screen brings it
			// forward); the rows of what to do are all it takes.
			// The URL named once stays when it takes no row of its
			// own; else it goes with the attempts, cut here.
			first := lead("") + " — " + sanitize.Line(hint)
			rows = len(wrapWords(first, max(m.width, 1)))
			if named := lead(at) + " — " + sanitize.Line(hint); at != "" && len(wrapWords(named, max(m.width, 1))) == rows {
				first = named
			}
			text = first + " · " + why
		}
	}
	if !m.negotiationShown() {
		text += " (Negotiation shows every attempt)"
		rows = 0
	}
	return sanitize.Line(text), rows
}

// negotiationForward shows the Negotiation pane in the tab slot: it
// shows one pane, and the status line cuts the reason short, so the pane
// that explains it comes forward (whichever pane has the keys, Detail
// beside it included), unless the user went to another tab.
func (m *Model) negotiationForward() {
	if m.slot == panePairs && m.lay.isTabbed(paneNegotiation) {
		m.slot = paneNegotiation
		if m.focus == panePairs {
			m.focus = paneNegotiation
		}
	}
}

// connectFailure is the error that says why connecting failed: the last
// in batch logged as a failure to connect or negotiate, or the failure of
// the request that opens a session (a forced streamable transport logs
// its initialize's 500 as that POST's failure, and the screen said only
// "● failed"). When the batch brought the failed state without it, the
// error came in an earlier batch: the last records of the log are looked
// at, as far back as the attempt that failed.
func (m *Model) connectFailure(batch []mcp.Record) *mcp.ErrorInfo {
	opening := func(r *mcp.Record) bool {
		e := r.Error
		if r.Kind != mcp.KindError || e == nil {
			return false
		}
		if e.Op == mcp.OpConnect || e.Op == mcp.OpNegotiate {
			return true
		}
		if e.Op != mcp.OpPost && e.Op != mcp.OpTimeout || e.ReqSeq == 0 {
			return false
		}
		p := m.com.log.PairOf(e.ReqSeq)
		return p != nil && (p.Method == "initialize" || p.Method == "server/discover")
	}
	failed := false
	for i := len(batch) - 1; i >= 0; i-- {
		if opening(&batch[i]) {
			return batch[i].Error
		}
		failed = failed || isState(&batch[i], mcp.StateFailed)
	}
	if !failed {
		return nil
	}
	// Bounded: the records of one failed attempt are a handful, and
	// the batch is at the log's end.
	for i, n := m.com.log.Len()-1, 0; i >= 0 && n < 64; i, n = i-1, n+1 {
		r := m.com.log.At(i)
		if r == nil || isState(r, mcp.StateConnecting) {
			return nil
		}
		if opening(r) {
			return r.Error
		}
	}
	return nil
}
