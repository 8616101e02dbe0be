package ui

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/sanitize"
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
	switch msg := msg.(type) {
	case tea.KeyMsg:
		cmd = m.handleKey(msg)
	case tea.MouseMsg:
		cmd = m.handleMouse(msg)
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
	default:
		cmd = m.handleMsg(msg)
	}
	if m.ctx.Err() != nil {
		return m, cmd // quitting: nothing more to draw
	}
	m.cmdline.SetPaneKeys(m.paneKeys()...)
	if m.lay.Mode != modeTooSmall && cmdLineRows(m.height, m.cmdRows()) != m.lay.CmdLine.H {
		// A refusal or warnings to read whole, or gone: the panes give
		// the command line its rows, or take them back.
		m.resize(m.width, m.height)
	}
	return m, tea.Batch(cmd, m.detail.refresh())
}

// paneKeys are the keys the idle command line names: a replay's controls,
// x while a request is on its way, then the focused pane's (enter where it opens something, / for the
// filter or search, esc where it goes back).
func (m *Model) paneKeys() []key.Binding {
	keys := m.focusKeys()
	if m.sends.running() > 0 && m.sendDisabled() == "" {
		// A request waits for its answer: x is the key wanted now (a slow
		// tool), and the row named only keys that send more.
		x := m.keys.CancelRequest
		keys = append([]key.Binding{key.NewBinding(key.WithKeys(x.Keys()...), key.WithHelp(x.Help().Key, "cancel"))}, keys...)
	}
	if m.replay != nil {
		// A replay's own keys come first: they are what it is driven
		// by, and the row said only that sending is off.
		k := m.keys
		keys = append([]key.Binding{k.PlayPause, k.Faster, k.Slower, k.Step}, keys...)
	}
	return keys
}

// focusKeys are the keys of the focused pane that paneKeys names.
func (m *Model) focusKeys() []key.Binding {
	k := m.keys
	switch m.focus {
	case panePairs:
		if m.com.log.PairCount() > 0 {
			return []key.Binding{k.Open}
		}
	case paneEvents:
		if m.com.log.Stats().Events > 0 {
			return []key.Binding{k.Open, k.Filter}
		}
		return []key.Binding{k.Filter}
	case paneDetail:
		if p, ev := m.detail.selection(); p != nil || ev != nil {
			return []key.Binding{k.Search, k.Back}
		}
		return []key.Binding{k.Back}
	}
	return nil
}

// cmdRows is how many rows the command line area wants now: more than two
// only while the command line shows a long refusal or warnings.
func (m *Model) cmdRows() int {
	if m.ask.open() {
		rows, _ := m.ask.outcome()
		return 1 + max(1, len(rows))
	}
	if m.events.typing() || m.detail.searching() {
		return cmdLineHeight
	}
	return m.cmdline.Height()
}

// typing reports whether a text input has the keyboard.
func (m *Model) typing() bool {
	return m.ask.open() || m.cmdline.Focused() || m.events.typing() || m.detail.searching()
}

func (m *Model) handleKey(msg tea.KeyMsg) tea.Cmd {
	if msg.Type == tea.KeyEsc && msg.Alt {
		// Esc pressed twice faster than the program read it arrives as
		// one alt+esc, which no key matches: it is two presses of esc.
		one := msg
		one.Alt = false
		first := m.handleKey(one)
		return tea.Batch(first, m.handleKey(one))
	}
	if keys, ok := splitRepeat(msg); ok && !m.typing() {
		// jjjj or ++++ read in one go (a held key, a busy terminal):
		// each is a press (in the help too), not a word no key matches.
		cmds := make([]tea.Cmd, 0, len(keys))
		for _, k := range keys {
			cmds = append(cmds, m.handleKey(k))
		}
		return tea.Batch(cmds...)
	}
	k := m.keys
	// While typing, q is a letter; ctrl+c still quits.
	if key.Matches(msg, k.Quit) && (!m.typing() || msg.Type == tea.KeyCtrlC) {
		m.cancel()
		return tea.Quit
	}
	if m.ask.open() {
		m.showHelp = false
		cmd, done := m.ask.key(msg)
		if done != nil {
			return tea.Batch(cmd, m.setStatus(done.level, done.text))
		}
		return cmd
	}
	if m.showHelp {
		bodyH := m.lay.CmdLine.Y
		switch {
		case key.Matches(msg, k.Help, k.Cancel):
			m.showHelp = false
		case key.Matches(msg, k.Up):
			m.helpTop = m.com.helpScroll(m.helpTop, -1, m.width, bodyH)
		case key.Matches(msg, k.Down):
			m.helpTop = m.com.helpScroll(m.helpTop, 1, m.width, bodyH)
		case key.Matches(msg, k.PageUp):
			m.helpTop = m.com.helpScroll(m.helpTop, -bodyH/2, m.width, bodyH)
		case key.Matches(msg, k.PageDown):
			m.helpTop = m.com.helpScroll(m.helpTop, bodyH/2, m.width, bodyH)
		}
		return nil
	}
	if m.cmdline.Focused() {
		var cmd tea.Cmd
		m.cmdline, cmd = m.cmdline.Update(msg)
		return cmd
	}
	if m.events.typing() {
		return m.events.Update(msg)
	}
	if m.detail.searching() {
		return m.detail.searchKey(msg)
	}
	if first, rest, ok := m.splitOpener(msg); ok {
		// ":prompts" typed fast arrives as one message of runes: the first
		// opens the input, the others are its text rather than lost.
		cmd := m.handleKey(first)
		return tea.Batch(cmd, m.handleKey(rest))
	}
	if cmd, ok := m.globalKey(msg); ok {
		return cmd
	}
	return m.paneKey(msg)
}

// maxRepeat bounds the presses a run of one repeated rune stands for: a
// key held down fills a read with dozens at most.
const maxRepeat = 64

// splitRepeat splits a message of one rune repeated (a key held down, or
// pressed faster than the program read it, arrives as one message of
// runes) into one press each. A run of different runes is a paste
// without bracketed paste and is left whole, never replayed as commands.
func splitRepeat(msg tea.KeyMsg) ([]tea.KeyMsg, bool) {
	if msg.Type != tea.KeyRunes || len(msg.Runes) < 2 || msg.Paste || msg.Alt {
		return nil, false
	}
	for _, r := range msg.Runes[1:] {
		if r != msg.Runes[0] {
			return nil, false
		}
	}
	one := msg
	one.Runes = msg.Runes[:1]
	keys := make([]tea.KeyMsg, min(len(msg.Runes), maxRepeat))
	for i := range keys {
		keys[i] = one
	}
	return keys, true
}

// splitOpener splits a message of several runes whose first is a key that
// opens a text input (the command line, a call, the filter) into that key
// and the rest. Only those: any other run of runes (a paste without
// bracketed paste) is not replayed as a string of commands.
func (m *Model) splitOpener(msg tea.KeyMsg) (tea.KeyMsg, tea.KeyMsg, bool) {
	if msg.Type != tea.KeyRunes || len(msg.Runes) < 2 || msg.Paste || msg.Alt {
		return msg, msg, false
	}
	first, rest := msg, msg
	first.Runes, rest.Runes = msg.Runes[:1], msg.Runes[1:]
	if !key.Matches(first, m.keys.Command, m.keys.Call, m.keys.Filter) {
		return msg, msg, false
	}
	return first, rest, true
}

// globalKey handles the keys that work whatever pane has focus.
func (m *Model) globalKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	if reason := m.sendDisabled(); reason != "" && pressed(msg, k.Initialize, k.ListTools, k.Call, k.Command, k.Reconnect, k.CancelRequest) {
		return m.setStatus(levelWarn, reason), true
	}
	switch {
	case key.Matches(msg, k.Help):
		m.showHelp, m.helpTop = true, 0
	case key.Matches(msg, k.NextPane):
		m.moveFocus(1)
	case key.Matches(msg, k.PrevPane):
		m.moveFocus(-1)
	case key.Matches(msg, k.Initialize):
		return m.send("initialize"), true
	case key.Matches(msg, k.ListTools):
		return m.send("tools/list"), true
	case key.Matches(msg, k.Call):
		focus := m.cmdline.Focus("tools/call ")
		if len(m.tools) == 0 && m.com.log.Stats().State == mcp.StateInitialized {
			// Tab has nothing to offer until the tools are listed: list
			// them now, as the user would have to, while they type.
			return tea.Batch(focus, m.listForCompletion(listForCompletionMsg{what: "the tools", listings: []command.Command{toolsListing}})), true
		}
		return focus, true
	case key.Matches(msg, k.Command):
		return m.cmdline.Focus(""), true
	case key.Matches(msg, k.Reconnect):
		return tea.Batch(m.setStatus(levelInfo, "reconnecting…"), reconnectCmd(m.ctx, m.backend())), true
	case key.Matches(msg, k.CancelRequest):
		return m.cancelSelected(), true
	case key.Matches(msg, k.ToggleRaw):
		m.detail.toggleRaw()
	case key.Matches(msg, k.Copy):
		return m.copyDetail(), true
	case m.focus == paneDetail && key.Matches(msg, k.Search):
		return m.detail.openSearch(), true
	case key.Matches(msg, k.Filter):
		m.setFocus(paneEvents)
		return m.events.openFilter(), true
	case key.Matches(msg, k.NextClient):
		return m.stepClient(1), true
	case key.Matches(msg, k.PrevClient):
		return m.stepClient(-1), true
	case key.Matches(msg, k.OpenOwn):
		return tea.Batch(m.setStatus(levelInfo, "opening your own session…"), openOwn(m.opts.OpenOwn)), true
	default:
		if m.replay != nil {
			return m.replayKey(msg)
		}
		return nil, false
	}
	return nil, true
}

// pressed reports whether msg is one of the bindings' keys even when they
// are disabled, so a disabled key can say why it does nothing.
func pressed(msg tea.KeyMsg, bs ...key.Binding) bool {
	s := msg.String()
	for _, b := range bs {
		for _, k := range b.Keys() {
			if k == s {
				return true
			}
		}
	}
	return false
}

// paneKey gives a key to the focused pane, after enter, which opens the
// selected row in the detail pane.
func (m *Model) paneKey(msg tea.KeyMsg) tea.Cmd {
	if key.Matches(msg, m.keys.Open) {
		switch m.focus {
		case panePairs:
			m.open(func() { m.detail.showPair(m.pairs.selected()) }, m.pairs.selected() != nil)
			return nil
		case paneEvents:
			m.open(func() { m.detail.showEvent(m.events.selected()) }, m.events.selected() != nil)
			return nil
		}
	}
	if m.focus == paneDetail && key.Matches(msg, m.keys.Back) {
		// On a narrow terminal enter switched to the detail tab; esc
		// returns to the row it came from instead of a round of tabs.
		from := m.openedFrom
		if from != paneEvents {
			from = panePairs
		}
		m.setFocus(from)
		return nil
	}
	return m.paneUpdate(m.focus, msg)
}

// open shows a selection in the detail pane and focuses it, whether the
// layout shows Detail beside the list or in its place: what the user opened
// is what "/", scrolling and esc act on next, the same on every terminal.
func (m *Model) open(show func(), ok bool) {
	if !ok {
		return
	}
	m.awaitAnswer = 0
	m.openedFrom = m.focus
	show()
	m.setFocus(paneDetail)
}

// moveFocus cycles focus (and the visible tab) by delta panes.
func (m *Model) moveFocus(delta int) {
	m.setFocus(pane((int(m.focus) + delta + int(paneCount)) % int(paneCount)))
}

// setFocus focuses p and shows it if it lives in the tab slot.
func (m *Model) setFocus(p pane) {
	m.focus = p
	if m.lay.isTabbed(p) {
		m.slot = p
	}
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
	size := func(p pane) (int, int) {
		r := m.lay.Panes[p]
		if m.lay.isTabbed(p) {
			r = m.lay.Slot
		}
		return r.W, r.H
	}
	m.nego.SetSize(size(paneNegotiation))
	m.events.SetSize(size(paneEvents))
	m.pairs.SetSize(size(panePairs))
	m.detail.SetSize(size(paneDetail))
	m.cmdline.SetSize(w)
	m.ask.SetSize(w)
	m.status.SetSize(w)
}

// handleMsg handles everything that is not input, by type.
func (m *Model) handleMsg(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case recordsMsg:
		m.com.log.Append(msg...)
		return tea.Batch(m.afterAppend(), m.followListChanged(msg), m.sayConnectFailed(msg), waitForRecords(m.opts.Records))
	case recordingFailedMsg:
		m.status.recordingFailed = true
		return m.setStatus(levelError, "recording stopped, the file is incomplete: "+errLine(msg.err))
	case streamEndedMsg:
		m.status.ended = true
		return m.setStatus(levelWarn, "the session ended: no more records will arrive (everything so far is still here)")
	// The command line closed itself on the key that sent these: a line
	// opened again since (Esc then ":" typed fast) stays open.
	case SubmitMsg:
		return m.submit(msg.Command)
	case CancelMsg:
		return nil
	case RootsMsg:
		return m.changeRoots(msg)
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
		// "waiting for the answer" is the newer news.
		done := m.sent(msg)
		return tea.Batch(done, m.completionListed(msg))
	case reconnectedMsg:
		if msg.err != nil {
			return m.setStatus(levelError, "reconnect failed: "+errLine(msg.err))
		}
		if m.com.log.Stats().Transport == mcp.TransportSSE {
			return m.setStatus(levelInfo, "reconnected: a new session; press "+m.keys.Initialize.Help().Key+" to initialize it")
		}
		// Streamable HTTP opens a session with initialize, and 2026 with
		// server/discover: the new session is ready, there is nothing to press.
		return m.setStatus(levelInfo, "reconnected: a new session, opened with "+m.labelOf(command.Command{Method: "initialize"}))
	case copiedMsg:
		return m.setStatus(msg.status())
	case statusExpiredMsg:
		if m.status.msg != nil && m.status.msg.id == msg.id {
			m.status.msg = nil
		}
		return nil
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
	m.syncTools()
	m.cmdline.SetSurface(m.com.log.Surface())
	m.cmdline.SetUninitialized(awaitsInitialize(m.com.log))
	m.cmdline.SetUnconnected(m.com.log.Stats().State == mcp.StateFailed)
	m.syncEra()
	return tea.Batch(filter, m.startSpin())
}

// sayConnectFailed puts why the connection failed on the status line: on a
// small terminal the Negotiation pane that explains it is a tab the user
// is not looking at, and "● failed" alone says nothing of what to do.
func (m *Model) sayConnectFailed(batch []mcp.Record) tea.Cmd {
	if m.com.replay || m.com.log.Stats().State != mcp.StateFailed {
		return nil
	}
	for i := len(batch) - 1; i >= 0; i-- {
		e := batch[i].Error
		if batch[i].Kind != mcp.KindError || e == nil || (e.Op != mcp.OpConnect && e.Op != mcp.OpNegotiate) {
			continue
		}
		text := "could not connect: " + e.Message
		if hint := advice.ForInfo(e, advice.TUI); hint != "" {
			text += " — " + hint
		}
		if m.slot == panePairs && m.lay.isTabbed(paneNegotiation) {
			// The tab slot shows one pane, and the status line cuts the
			// reason short: the pane that explains it comes forward in
			// the slot (whichever pane has the keys, Detail beside it
			// included), unless the user went to another tab.
			m.slot = paneNegotiation
			if m.focus == panePairs {
				m.focus = paneNegotiation
			}
		}
		return m.setStatus(levelError, sanitize.Line(text)+" (Negotiation shows every attempt)")
	}
	return nil
}

// setStatus shows a transient message and schedules its end.
func (m *Model) setStatus(level statusLevel, text string) tea.Cmd {
	m.statusSeq++
	m.status.msg = &statusLine{level: level, text: text, id: m.statusSeq}
	return expireStatus(m.statusSeq, statusTTL(level))
}

// startSpin starts the spinner if something is pending and it is not
// already turning.
func (m *Model) startSpin() tea.Cmd {
	if m.spinning || m.com.log.Stats().Pending == 0 {
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
	status := m.setStatus(describeSent(msg))
	if msg.cmd.Method == "initialize" {
		return tea.Batch(status, m.initDone())
	}
	return status
}
