package ui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// spinFrames animate pending rows; the spinner only ticks while something
// is pending, so an idle TUI draws nothing.
var spinFrames = [...]string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

const spinInterval = 100 * time.Millisecond

// spinTickMsg advances the pending spinner.
type spinTickMsg struct{}

// Update routes a message in a fixed order: quit keys, the help overlay,
// the command line or filter while typing, global keys, the focused pane;
// then everything else by type. Whatever changed, the detail pane then
// catches up, formatting a large selection in a command.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	said := m.statusSeq
	switch msg := msg.(type) {
	case tea.KeyMsg:
		cmd = m.handleKey(msg)
	case tea.MouseMsg:
		cmd = m.handleMouse(msg)
	case tea.WindowSizeMsg:
		tabbed := m.lay.isTabbed(paneNegotiation)
		m.resize(msg.Width, msg.Height)
		m.rewordConnectFailed(!tabbed)
	default:
		cmd = m.handleMsg(msg)
	}
	// Before the advice is placed: a message that gives way to the open
	// line takes its advice off the screen with it.
	m.quietOldStatus(said)
	m.nego.SetAdviceElsewhere(m.connectAdviceShown())
	if m.ctx.Err() != nil {
		// Quitting: nothing more is sent or formatted off the loop, but a
		// last View still draws the detail of what is selected.
		m.detail.lines()
		return m, cmd
	}
	m.cmdline.SetPaneKeys(m.paneKeys()...)
	m.keepTypingRows()
	if m.lay.Mode != modeTooSmall && (cmdLineRows(m.height, m.cmdRows()) != m.lay.CmdLine.H || m.negotiationAlone() != m.lay.detailHidden()) {
		// A refusal or warnings to read whole, or gone: the panes give
		// the command line its rows, or take them back. Detail, with
		// something to show or the focus, takes its half back.
		m.resize(m.width, m.height)
	}
	m.detail.noteInPairs = m.com.awaitingClient() && m.paneShown(panePairs)
	return m, tea.Batch(cmd, m.detail.refresh())
}

// cmdRows is how many rows the command line area wants now: more than two
// only while the command line shows a long refusal or warnings.
func (m *Model) cmdRows() int {
	if m.ask.open() {
		// Its own lines, whatever they hold: counted from Enter's
		// outcome alone, Tab's wrapped note kept one row and lost the
		// example's second word.
		return min(len(m.ask.inputLines()), maxCmdLineHeight)
	}
	if m.events.typing() || m.detail.searching() {
		return cmdLineHeight
	}
	if n := m.status.wrapWant(); n > 0 && m.cmdline.Height() == cmdLineHeight && !m.cmdline.Focused() {
		// A message to read whole wraps under the keys row, and under the
		// hint row when that says why nothing can be sent (see View).
		if m.cmdline.holdsHintRow() {
			return 2 + n
		}
		return 1 + n
	}
	if m.cmdline.Focused() {
		return max(min(m.cmdline.Height(), maxCmdLineHeight), m.typingRows)
	}
	return min(m.cmdline.Height(), maxCmdLineHeight)
}

// keepTypingRows keeps the rows the open command line's hint has taken
// until the line closes: a hint that wrapped onto a second row at one key
// and fitted one at the next moved every pane up and down a row as the
// user typed. A refusal's rows are not kept: once it is gone they would
// stand blank.
func (m *Model) keepTypingRows() {
	if !m.cmdline.Focused() {
		m.typingRows = 0
		return
	}
	if rows, _ := m.cmdline.outcome(); len(rows) > 0 {
		return
	}
	m.typingRows = max(m.typingRows, min(m.cmdline.Height(), 1+maxHintRows))
}

// resize lays the screen out again; it works at any moment.
func (m *Model) resize(w, h int) {
	m.width, m.height = w, h
	m.lay = layoutWith(w, h, m.cmdRows())
	if m.lay.Mode == modeTooSmall {
		return
	}
	if m.lay.isTabbed(m.focus) {
		m.slot = m.focus
	} else if !m.lay.isTabbed(m.slot) && len(m.lay.Tabbed) > 0 {
		m.slot = panePairs
	}
	// Detail keeps the size it has beside the slot while the slot shows
	// Negotiation across the width: it is drawn at that size when it
	// takes its half back.
	split := m.lay
	if m.negotiationAlone() {
		m.lay = m.lay.withoutDetail()
	}
	size := func(l screenLayout, p pane) (int, int) {
		r := l.Panes[p]
		if l.isTabbed(p) {
			r = l.Slot
		}
		return r.W, r.H
	}
	m.nego.SetSize(size(m.lay, paneNegotiation))
	m.events.SetSize(size(m.lay, paneEvents))
	m.pairs.SetSize(size(m.lay, panePairs))
	m.detail.SetSize(size(split, paneDetail))
	m.cmdline.SetSize(w)
	m.ask.SetSize(w, m.askBoxHeight())
	m.status.SetSize(w)
}

// sayOwnSession puts on the status line what new records of a session of
// the user's own say happened to it: it failed to connect, its stream
// broke, is reconnecting or came back to a new session. A replay's records
// are a recording's, and a proxied client's session is its client's to
// handle: neither is said so.
func (m *Model) sayOwnSession(batch []mcp.Record) tea.Cmd {
	if m.com.replay || m.com.proxied() {
		return nil
	}
	return tea.Batch(m.sayConnectFailed(batch), m.sayReplaced(batch), m.sayStreamGone(batch), m.sayListenStream(batch), m.sayReconnecting(batch), m.sayExpired(batch))
}

// handleMsg handles everything that is not input, by type.
func (m *Model) handleMsg(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case recordsMsg:
		m.com.log.Append(msg...)
		if len(msg) > 0 {
			m.shownSeq = max(m.shownSeq, msg[len(msg)-1].Seq)
		}
		m.forgetAskedNothing(msg)
		unsent := m.unsentShown()
		cmd := tea.Batch(m.afterAppend(), m.followListChanged(msg), m.sayOwnSession(msg), waitForRecords(m.opts.Records))
		m.carryUnsent(unsent)
		return cmd
	case endingSaidMsg:
		return m.endingSaid(msg)
	case endingOverMsg:
		return m.endingOver(msg)
	case recordingFailedMsg:
		// Tee says more as it learns it: a full disk after one that
		// fell behind is why the recording is incomplete.
		return tea.Batch(m.recordingFailedBy(msg.err), waitForRecordingError(m.opts.RecordingFailed))
	case streamEndedMsg:
		m.status.ended = true
		return m.setStatus(levelWarn, "the session ended: no more records will arrive (everything so far is still here)")
	// The command line closed itself on the key that sent these: a line
	// opened again since (Esc then ":" typed fast) stays open.
	case SubmitMsg:
		// Counted up to the command line's own: a SubmitMsg from
		// elsewhere is none of its lines.
		if m.typedSeen = min(m.typedSeen+1, m.cmdline.submits); m.dropTyped != 0 && m.typedSeen == m.dropTyped {
			m.dropTyped = 0
			return m.setStatus(levelInfo, m.labelOf(msg.Command)+": not sent: "+m.keys.CancelRequest.Help().Key+
				" cancelled it before it went out ("+m.keys.HistoryPrev.Help().Key+" on the command line brings it back)")
		}
		return m.submitTyped(msg)
	case CancelMsg:
		return nil
	case RootsMsg:
		return m.changeRoots(msg)
	case rootsResolvedMsg:
		return m.rootsResolved(msg)
	case rootsSetMsg:
		return m.rootsSet(msg)
	case listForCompletionMsg:
		return m.listForCompletion(msg)
	case serverCompleteMsg:
		return m.askServer(msg)
	case serverCompletedMsg:
		return m.serverCompleted(msg)
	case dirsListedMsg:
		return m.dirsListed(msg)
	case sentMsg:
		// What waited for a listing goes after its status: its own
		// "waiting for the answer" is the newer news. An answer to a form
		// that could not be sent stays said after it: the call the form
		// belonged to can fail after the Enter (its error reaches Update
		// apart from the records).
		unsent := m.unsentShown()
		log := msg.sentLog(m)
		if msg.cmd.Method == "tools/call" && msg.resp != nil {
			log.NoteOutput(msg.resp.ReqSeq, msg.output)
		}
		m.ask.streamBroke(msg.err, msg.seqs, func(seq int64) (int, bool) { return sentOn(log, seq) })
		m.endedSend(msg)
		done := m.sent(msg)
		m.carryUnsent(m.unsentAfter(unsent, msg))
		return tea.Batch(done, m.completionListed(msg))
	case reconnectedMsg:
		m.reconnectAsked = false
		if msg.err != nil {
			m.heldAsk = nil // the status says why there is no session to ask
			return m.setStatus(levelError, "reconnect failed: "+errLine(msg.err))
		}
		// A Tab held for the new session asks now; the status then says
		// the reconnect (what subscriptions it ended), and the ask's
		// answer its own when it comes.
		ask := m.askHeld()
		return tea.Batch(ask, m.reconnected(msg))
	case copiedMsg:
		return m.setStatus(msg.status())
	case statusExpiredMsg:
		if sl := m.status.msg; sl != nil && sl.id == msg.id && sl.standing && !m.ask.open() {
			return nil
		}
		return m.statusExpired(msg.id)
	case spinTickMsg:
		return m.spinTick()
	case questionMsg:
		return m.asked(msg.q)
	case questionGoneMsg:
		return m.questionGone(msg)
	case askTickMsg:
		return m.askTick()
	case replayTickMsg:
		return m.replayTick()
	case filterChunkMsg:
		return m.events.filtered(msg)
	case detailFormattedMsg:
		m.detail.formatted(msg)
		return nil
	case clientMsg:
		return m.handleClientMsg(msg)
	case clientRecordsMsg:
		return m.handleClientRecords(msg)
	case clientEndedMsg:
		return m.handleClientEnded(msg)
	case ownMsg:
		return m.handleOwn(msg)
	}
	// Cursor blinks and the like belong to whichever input is showing.
	var cmd tea.Cmd
	if m.ask.open() {
		m.ask.input, cmd = m.ask.input.Update(msg)
		return cmd
	}
	m.cmdline, cmd = m.cmdline.Update(msg)
	if m.events.typing() {
		return tea.Batch(cmd, m.events.Update(msg))
	}
	if m.detail.searching() {
		var blink tea.Cmd
		m.detail.search.input, blink = m.detail.search.input.Update(msg)
		return tea.Batch(cmd, blink)
	}
	return cmd
}

// afterAppend brings every view up to date with newly indexed records.
func (m *Model) afterAppend() tea.Cmd {
	if m.awaitAnswer != 0 {
		m.showAnswer(m.awaitAnswer)
	}
	filter := m.events.sync()
	m.pairs.sync()
	names := m.warnToolNames(m.syncTools())
	m.cmdline.SetSurface(m.com.log.Surface())
	m.cmdline.SetUninitialized(awaitsInitialize(m.com.log))
	m.syncUnconnected()
	m.syncEra()
	return tea.Batch(filter, m.startSpin(), names, m.listingsIndexed(), m.releaseAfterDetect(), m.listHeld())
}

// syncUnconnected tells the keys row whether nothing can be sent until r
// reconnects: no transport opened, the one there was closed, or the
// server's stream is gone (sayStreamGone), where the row went on offering
// c once the status line's "press r" expired; and whether only i can
// send: the server no longer knows the session, a reconnect opened a new
// one nobody initialized, or a legacy stream is open before i (the row
// offered c, which led to "not initialized yet").
func (m *Model) syncUnconnected() {
	state := m.com.log.Stats().State
	m.cmdline.SetUnconnected(state == mcp.StateFailed || state == mcp.StateClosed || m.status.gone)
	m.cmdline.SetNeedsInitialize((state == mcp.StateExpired || awaitsInitialize(m.com.log)) && !m.com.replay && !m.com.proxied())
}

// negotiationAlone reports whether Negotiation takes Detail's room
// (withoutDetail): Detail has nothing to show (no selection, no standing
// note) and not the focus, and Negotiation is on screen: the two-column
// screen's slot shows it, or, on the four-pane screen, the connect failed.
// Only the two-column screen did, and at 160x45 a failed connect's words
// wrapped in two fifths of the width beside an empty Detail. A session
// that connected keeps its four panes: the empty Detail says there which
// key opens a row.
func (m *Model) negotiationAlone() bool {
	switch m.lay.Mode {
	case modeTwoColumn:
		if m.slot != paneNegotiation {
			return false
		}
	case modeFour:
		if m.com.log.Stats().State != mcp.StateFailed {
			return false
		}
	default:
		return false
	}
	return m.focus != paneDetail && m.detail.empty() && m.com.note == ""
}

// negotiationShown reports whether the Negotiation pane is on screen: in
// a tab slot that shows it, or beside the others.
func (m *Model) negotiationShown() bool { return m.paneShown(paneNegotiation) }

// paneShown reports whether pane p is on screen: in a tab slot that shows
// it, or beside the others.
func (m *Model) paneShown(p pane) bool {
	if m.lay.isTabbed(p) {
		return m.slot == p
	}
	return m.lay.Panes[p].W > 0
}

// setStatus shows a transient message and schedules its end. Every
// message is read whole: one too long for the bar wraps under the command
// line's keys row. Only some did, and the others were cut at 80 columns
// ("… x on a pending…").
func (m *Model) setStatus(level statusLevel, text string) tea.Cmd {
	m.statusSeq++
	m.status.msg = &statusLine{level: level, text: text, id: m.statusSeq}
	return expireStatus(m.statusSeq, statusTTL(level))
}

// startSpin starts the spinner if something is pending and it is not
// already turning.
func (m *Model) startSpin() tea.Cmd {
	// A detection probe's wait is counted on the status bar, and the
	// legacy GET probe is no request.
	if m.spinning || m.com.log.Stats().Pending == 0 && !(m.status.probing() && m.com.log.Stats().Probe != "") {
		return nil
	}
	if p := m.opts.Player; p != nil && (p.Paused() || p.Done()) {
		return nil // a stopped replay has nothing in flight
	}
	m.spinning = true
	return tea.Tick(spinInterval, func(time.Time) tea.Msg { return spinTickMsg{} })
}

func (m *Model) spinTick() tea.Cmd {
	m.spinning = false
	m.spinFrame = (m.spinFrame + 1) % len(spinFrames)
	m.com.spin = spinFrames[m.spinFrame]
	return m.startSpin()
}

// sent says how a send went, opens its answer, and lets what waited for
// an initialize go.
func (m *Model) sent(msg sentMsg) tea.Cmd {
	if msg.auto {
		// The failure first: what autoListed says (no more listings
		// on its own) is newer, and must not be covered by it.
		var failed tea.Cmd
		if level, text := describeSent(msg); level == levelError {
			failed = m.setStatus(level, text)
		}
		return tea.Batch(failed, m.autoListed(msg.autoKind))
	}
	if msg.resp != nil {
		m.showAnswer(msg.resp.ReqSeq)
	}
	level, text := describeSent(msg)
	if msg.cmd.Method == "tools/list" && level == levelInfo && msg.resp != nil && m.answerIndexed(msg.resp) {
		// The list is indexed: "ok" says what its names leave tools/call
		// unable to reach. Indexed later, it is said then (afterAppend).
		m.syncTools()
		if note := toolNamesNote(m.tools); note != "" {
			level, text = levelWarn, text+" · "+note
		}
	}
	if msg.cmd.Method == "initialize" && m.replacing && level == levelInfo {
		// "initialize: ok" alone hid that the server opened a new
		// session and the old one's state did not come with it.
		text += " · a new session replaced the old one: its resource subscriptions and log level are gone (subscribe and set the level again)"
		level = levelWarn
	}
	if msg.cmd.Method == "initialize" {
		m.replacing = false
	}
	set := m.setStatus
	if level != levelInfo || msg.err != nil {
		// A refusal or a tool's error is the user's own request gone
		// wrong, and so is an end the user chose (a 2026 round's
		// sampling declined): a stream's try waits for it to end.
		set = func(level statusLevel, text string) tea.Cmd {
			cmd := m.setStatus(level, text)
			m.status.msg.yours = true
			return cmd
		}
	}
	if msg.cmd.Method == "initialize" {
		if level == levelError && m.initializing <= 1 {
			// The status says why there is no session to ask, as a
			// failed r's does; while another initialize is on its way,
			// the Tab waits for it instead.
			m.heldAsk = nil
		}
		return m.initDone(func() tea.Cmd { return set(level, text) })
	}
	return set(level, text)
}

// reconnected says the reconnect the user asked for (r) opened the
// transport again, and what is left to do.
func (m *Model) reconnected(msg reconnectedMsg) tea.Cmd {
	if m.com.log.Stats().Transport == mcp.TransportSSE {
		return m.sayReconnected("reconnected: a new session; press "+m.keys.Initialize.Help().Key+" to initialize it", msg.subscribed)
	}
	if m.com.log.Stats().Transport == mcp.TransportStateless {
		// 2026 has no session: "a new session" contradicted
		// Negotiation's "POST only, no session".
		return m.setStatus(levelInfo, "reconnected: discovered again with server/discover (stateless: no session)")
	}
	// Streamable HTTP opens a session with initialize: the new
	// session is ready, there is nothing to press.
	return m.sayReconnected("reconnected: a new session, opened with "+m.labelOf(command.Command{Method: "initialize"}), msg.subscribed)
}
