package ui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp/command"
)

// How a key press reaches what it is for: the text input that has the
// keyboard, the global keys, then the focused pane; and the keys the idle
// command line names.

// paneKeys are the keys the idle command line names: a replay's controls,
// x while a request is on its way or on a listen stream of the user's, then the focused pane's (enter where it opens something, / for the
// filter or search, esc where it goes back).
func (m *Model) paneKeys() []key.Binding {
	keys := m.focusKeys()
	if m.sends.running() > 0 && m.sendDisabled() == "" {
		// A request waits for its answer: x is the key wanted now (a slow
		// tool), and the row named only keys that send more.
		x := m.keys.CancelRequest
		keys = append([]key.Binding{keyAs(x, "cancel")}, keys...)
	} else if m.focus == panePairs && ownListen(m.pairs.selected()) && m.sendDisabled() == "" {
		// A listen stream typed here stays open, its row "● listening":
		// only the README said x on it closes it.
		x := m.keys.CancelRequest
		keys = append([]key.Binding{keyAs(x, "close")}, keys...)
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
	case paneNegotiation:
		if m.nego.overflows() {
			// Its facts run past its bottom (detection, instructions,
			// the probes on 80x24): the title's "1/24" alone did not
			// say how to read on.
			return []key.Binding{eitherKey(k.Up, k.Down, "scroll")}
		}
	case panePairs:
		// "/" filters Raw events from here too, going there: Pairs has no
		// filter of its own, and the row named none, so the jump came
		// unannounced. The same words as Raw events' row: it is that filter.
		if m.com.log.PairCount() > 0 {
			return []key.Binding{k.Open, k.Filter}
		}
		return []key.Binding{k.Filter}
	case paneEvents:
		var keys []key.Binding
		if m.events.filterShown() {
			// A kept filter hides events until esc clears it, which only
			// the help said.
			keys = append(keys, keyAs(k.Cancel, "clear filter"))
		}
		if m.com.log.Stats().Events > 0 {
			keys = append(keys, k.Open)
		}
		return append(keys, k.Filter)
	case paneDetail:
		if p, ev := m.detail.selection(); p != nil || ev != nil {
			if m.detail.matched() {
				// n and N step through the matches, which only the help
				// said. Short words, so all of it fits at 80 columns; the
				// help has the long ones.
				return []key.Binding{k.Search, eitherKey(k.NextMatch, k.PrevMatch, "next/prev"), keyAs(k.Back, "back")}
			}
			return []key.Binding{k.Search, k.Back}
		}
		return []key.Binding{k.Back}
	}
	return nil
}

// tooSmallShown reports whether the screen shows only that the terminal
// is too small (before the first size it shows "starting…").
func (m *Model) tooSmallShown() bool {
	return m.width > 0 && m.lay.Mode == modeTooSmall
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
	if msg.Type == tea.KeyRunes && msg.Alt && !msg.Paste && !m.typing() {
		// Esc then q typed faster than the program read them arrives as
		// one alt+q, which no key matches: the help stayed open and q
		// did nothing. It is two presses, esc then the rune. Typed into
		// an input, alt+rune stays the input's (a real alt+q must not
		// quit from the command line).
		esc, rest := tea.KeyMsg{Type: tea.KeyEsc}, msg
		rest.Alt = false
		first := m.handleKey(esc)
		return tea.Batch(first, m.handleKey(rest))
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
		// A line half typed is kept in the history as esc keeps it: ↑
		// brings it back at the next start (Run saves it as it ends).
		m.cmdline.keepTyped()
		m.startQuit()
		return tea.Quit
	}
	if key.Matches(msg, k.Redraw) {
		// No input takes ctrl+l as text, so it redraws while typing too.
		return tea.ClearScreen
	}
	if m.tooSmallShown() {
		// Only the too-small screen is drawn: a key now would change a
		// command line or an answer the user cannot see (a Z landed in
		// the middle of name=An), or send it blind with enter. Quit and
		// redraw, above, are all it names or needs.
		return nil
	}
	if m.ask.open() {
		m.showHelp = false
		q := m.ask.current()
		if key.Matches(msg, k.Submit, k.Cancel) {
			// Esc answers too (action cancel, or a decline): it can no
			// more reach a broken stream than Enter's answer can.
			if why := m.askStreamGone(q); why != "" {
				return m.unsentAnswer(q, why, key.Matches(msg, k.Cancel))
			}
		}
		cmd, done := m.ask.key(msg)
		if done != nil {
			return tea.Batch(cmd, m.withdrawnStatus(done.level, done.text, done.typed, q != nil && q.Req.Round))
		}
		return cmd
	}
	if m.showHelp && msg.Paste {
		// A paste is a command to send, as anywhere no input has the
		// keyboard: the help swallowed it.
		m.showHelp = false
		return m.pasteCommand(msg)
	}
	if m.showHelp {
		bodyH := m.helpHeight()
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
		case key.Matches(msg, k.Home):
			// Home and end go to the top and the bottom in every pane;
			// under the help they did nothing.
			m.helpTop = 0
		case key.Matches(msg, k.End):
			m.helpTop = m.com.helpScroll(m.helpTop, len(m.com.helpContent(m.width)), m.width, bodyH)
		}
		return nil
	}
	if m.cmdline.Focused() {
		var cmd tea.Cmd
		m.cmdline, cmd = m.cmdline.Update(msg)
		return cmd
	}
	if (m.events.typing() || m.detail.searching()) && pressed(msg, k.NextPane, k.PrevPane) {
		// Tab moves between panes everywhere else; in a filter or a search
		// it did nothing and said nothing. It keeps what was typed, as
		// enter does, and moves on.
		if m.events.typing() {
			m.events.keepFilter()
		} else {
			m.detail.keepSearch()
		}
		cmd, _ := m.globalKey(msg)
		return cmd
	}
	if m.events.typing() {
		return m.events.Update(msg)
	}
	if m.detail.searching() {
		return m.detail.searchKey(msg)
	}
	if msg.Paste {
		return m.pasteCommand(msg)
	}
	if first, rest, ok := m.splitOpener(msg); ok {
		// ":prompts" typed fast arrives as one message of runes: the first
		// opens the input, the others are its text rather than lost.
		cmd := m.handleKey(first)
		return tea.Batch(cmd, m.handleKey(rest))
	}
	if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Alt {
		// Different runes read at once (tmux's paste-buffer, keys typed
		// faster than they were read) match no key and were dropped
		// without a word: they are the command line's text, as a paste.
		return m.pasteCommand(msg)
	}
	ended := m.endNoKey()
	if cmd, ok := m.globalKey(msg); ok {
		return tea.Batch(ended, cmd)
	}
	if m.unboundRune(msg) {
		return tea.Batch(ended, m.sayNoKey(msg))
	}
	return tea.Batch(ended, m.paneOrOtherKey(msg))
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

// pasteCommand opens the command line holding a paste that no input had
// the keyboard for: no key is a paste, and it was dropped without a word.
// Where nothing can be sent (a replay, a proxied client's session) it
// says why, in the words the command line's own key gets.
func (m *Model) pasteCommand(msg tea.KeyMsg) tea.Cmd {
	if reason := m.sendRefusal(false); reason != "" {
		return m.setStatus(levelWarn, reason)
	}
	focus := m.cmdline.Focus("")
	var cmd tea.Cmd
	m.cmdline, cmd = m.cmdline.Update(msg)
	return tea.Batch(focus, cmd)
}

// sendRefusal is why a key that sends (or reconnects, when reconnect)
// does nothing now, "" when it can.
func (m *Model) sendRefusal(reconnect bool) string {
	reason := m.sendDisabled()
	if reason == "" {
		return ""
	}
	switch {
	case m.opts.Player != nil:
		// The row above says it whole; the status, which shares its
		// row with the badge, the position and the speed, was cut at
		// 80 columns to "(this is …" and took the protocol version
		// with it.
		reason = replayRefused
		if reconnect {
			reason = replayNoReconnect
		}
	case m.backend() == nil && m.opts.NoSend != "":
		// Why alone: the row above names the key that opens a
		// session, and the whole line, repeated, was cut at 80
		// columns in the middle of the reason.
		reason = m.opts.NoSend
	}
	return reason
}

// globalKey handles the keys that work whatever pane has focus.
func (m *Model) globalKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	// The key first: the reason is built only for a key it stops, not for
	// every key that passes (a scroll or a filter keystroke).
	if pressed(msg, k.Initialize, k.ListTools, k.Call, k.Command, k.Reconnect, k.CancelRequest) {
		if reason := m.sendRefusal(pressed(msg, k.Reconnect)); reason != "" {
			return m.setStatus(levelWarn, reason), true
		}
	}
	switch {
	case key.Matches(msg, k.Help):
		m.showHelp, m.helpTop = true, 0
	case key.Matches(msg, k.NextPane):
		m.moveFocus(1)
	case key.Matches(msg, k.PrevPane):
		m.moveFocus(-1)
	case key.Matches(msg, k.Initialize):
		return tea.Batch(m.send("initialize"), m.watchEnding()), true
	case key.Matches(msg, k.ListTools):
		return m.send("tools/list"), true
	case key.Matches(msg, k.Call):
		focus := m.cmdline.Focus("tools/call ")
		if why, _ := m.notListable(); len(m.tools) == 0 && why == "" {
			// Tab has nothing to offer until the tools are listed: list
			// them now, as the user would have to, while they type.
			return tea.Batch(focus, m.listForCompletion(listForCompletionMsg{what: "the tools", listings: []command.Command{toolsListing}})), true
		}
		return focus, true
	case key.Matches(msg, k.Command):
		return m.cmdline.Focus(""), true
	case key.Matches(msg, k.Reconnect):
		m.reconnectAsked = true
		m.sessionGen++
		return tea.Batch(m.setStatus(levelInfo, "reconnecting…"), reconnectCmd(m.ctx, m.backend(), m.com.log.Surface().Subscribed)), true
	case key.Matches(msg, k.CancelRequest):
		return m.cancelSelected(), true
	case key.Matches(msg, k.ToggleRaw):
		m.detail.toggleRaw()
		if !m.paneShown(paneDetail) {
			// A narrow screen shows one pane: v changed nothing in sight
			// and said nothing, and the next enter opened raw bytes.
			what := "pretty JSON"
			if !m.detail.pretty {
				what = "raw bytes"
			}
			return m.setStatus(levelInfo, "Detail shows "+what+" now ("+k.ToggleRaw.Help().Key+" switches back)"), true
		}
	case key.Matches(msg, k.Copy):
		return m.copySelected(), true
	case m.focus == paneDetail && key.Matches(msg, k.Search):
		if m.detail.empty() {
			// The pane holds only the hint to select something: a
			// search of it answered "not found", as if the text had
			// been looked for in a message.
			return m.setStatus(levelInfo, "nothing to search yet: select a pair or an event and press "+k.Open.Help().Key), true
		}
		if m.status.msg != nil && m.status.msg.text == m.noSearchText() {
			m.status.msg = nil // said of the search being made now
		}
		return m.detail.openSearch(), true
	case m.focus == paneDetail && key.Matches(msg, k.NextMatch, k.PrevMatch) && !m.detail.searched():
		// n and N did nothing and said nothing before a search: the line
		// under the panes names / and the help names n, not the order.
		return m.setStatus(levelInfo, m.noSearchText()), true
	case m.focus != paneDetail && key.Matches(msg, k.NextMatch, k.PrevMatch):
		// n and N step through Detail's search; pressed in another pane
		// they did nothing and said nothing.
		return m.setStatus(levelInfo, m.matchKeysElsewhere()), true
	case m.focus == paneNegotiation && key.Matches(msg, k.Open):
		// Enter opens a row of Pairs or Raw events; Negotiation has none,
		// and the key did nothing and said nothing.
		return m.setStatus(levelInfo, "Negotiation has no rows: "+k.Open.Help().Key+" opens a pair or an event ("+
			k.NextPane.Help().Key+" goes to Pairs)"), true
	case key.Matches(msg, k.Filter):
		m.setFocus(paneEvents)
		return m.events.openFilter(), true
	case key.Matches(msg, k.NextClient):
		return m.stepClient(1), true
	case key.Matches(msg, k.PrevClient):
		return m.stepClient(-1), true
	case key.Matches(msg, k.OpenOwn):
		if i := m.clients.ownRunning(); i >= 0 {
			// One is open: o goes to it. A second, opened beside it, was
			// listed "you" twice, and which one sent what was anyone's
			// guess.
			if said := m.showClient(i); said != nil {
				return tea.Batch(m.afterAppend(), said), true
			}
			return tea.Batch(m.afterAppend(), m.setStatus(levelInfo, "your own session, open already")), true
		}
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
			m.open(func() { m.detail.showEvent(m.events.selected(), m.events.selectedRow()) }, m.events.selected() != nil)
			return nil
		case paneDetail:
			return m.detailOpenKey(msg)
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

// matchKeysElsewhere is what n and N say in a pane other than Detail.
func (m *Model) matchKeysElsewhere() string {
	k := m.keys
	keys := k.NextMatch.Help().Key + "/" + k.PrevMatch.Help().Key
	if m.detail.searched() {
		return keys + " step through the search in Detail: " + k.NextPane.Help().Key + " goes there"
	}
	return keys + " step through a Detail search: " + k.Open.Help().Key + " opens a row there, " + k.Search.Help().Key + " searches it"
}

// noSearchText is what n and N say in Detail before a search was made.
func (m *Model) noSearchText() string {
	return "no search to step through: " + m.keys.Search.Help().Key + " searches this detail first"
}
