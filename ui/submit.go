package ui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// sendDisabled says why nothing can be sent now, or "".
func (m *Model) sendDisabled() string {
	switch {
	case m.opts.Player != nil:
		return replayDisabled
	case m.backend() == nil && m.opts.NoSend != "" && m.opts.OpenOwn != nil:
		// What to do first: a narrow terminal cuts the end of the line.
		// With one open, o goes to it, and "open" would promise another.
		o := m.keys.OpenOwn
		if m.clients.ownRunning() >= 0 {
			o = keyAs(o, "your own session")
		}
		return keyHints(o) + " · " + m.opts.NoSend
	case m.backend() == nil && m.opts.NoSend != "":
		return m.opts.NoSend
	case m.backend() == nil:
		return noBackend
	}
	return ""
}

// syncTools hands the command line the tool list when it changed, so
// completion follows tools/list_changed, and says whether it did.
func (m *Model) syncTools() bool {
	tools := m.com.log.Tools()
	if sameTools(tools, m.tools) {
		return false
	}
	m.tools = tools
	m.cmdline.SetTools(tools)
	return true
}

// submit sends a command from a send key or one that waited.
func (m *Model) submit(c command.Command) tea.Cmd { return m.submitTyped(SubmitMsg{Command: c}) }

// submitTyped sends a command, typed on the command line when msg.Line is
// set.
func (m *Model) submitTyped(msg SubmitMsg) tea.Cmd {
	c := msg.Command
	if reason := m.sendDisabled(); reason != "" {
		return m.setStatus(levelWarn, reason)
	}
	for i := range m.autoLists {
		m.autoLists[i].inRow = 0
	}
	if m.findingTransport() {
		// Nothing has a transport to go out on yet, and a request beside
		// the probes would wait out its timeout on a server that has not
		// answered them either: it waits with those waiting for
		// initialize, and goes when detection has found the transport.
		m.afterInit = append(m.afterInit, msg)
		m.afterDetect = true
		return m.setStatus(levelInfo, m.labelOf(c)+" waits for the transport to be found…")
	}
	if m.initializing > 0 && c.Method != "initialize" {
		// The handshake ends with notifications/initialized, sent once
		// initialize is answered; a request that overtakes it is refused
		// ("invalid during session initialization"). i then l typed
		// fast: l waits for the handshake.
		m.afterInit = append(m.afterInit, msg)
		return m.setStatus(levelInfo, m.labelOf(c)+" goes once initialize is done…")
	}
	if c.Method == "tools/call" && m.listingPending(toolsListing.Method) && mcp.FindTool(m.tools, c.Tool) == nil {
		// c then a name and enter, typed faster than the tools were listed.
		m.afterTools = append(m.afterTools, msg)
		return m.setStatus(levelInfo, m.labelOf(c)+" goes once tools/list is answered…")
	}
	st := m.com.log.Stats()
	if c.Method == "initialize" {
		m.initializing++
		m.sessionGen++
		// Typed as initialize on the command line as much as pressed as
		// i: the answer opens a new session (sent says so).
		m.replacing = st.Transport == mcp.TransportStreamable && st.State == mcp.StateInitialized
	}
	// The status outlives the send: a slow tool is still waiting for its
	// answer when "sending" would have stopped being true.
	what := m.labelOf(c) + ": waiting for the answer…"
	if strings.HasPrefix(c.Method, "notifications/") {
		what = "sending " + m.labelOf(c) + "…"
	}
	if note := command.EraNote(c.Method, st.Transport, st.Protocol); note != "" {
		// Said at once, in place of the wait: the answer may never come.
		return tea.Batch(m.setStatus(levelWarn, sanitize.Line(note)), m.userSend(c))
	}
	return tea.Batch(m.setStatus(levelInfo, what), m.userSend(c))
}

// initDone counts an initialize's send as over (answered, refused or
// cancelled), says how it went (said) and, when none is left, sends what
// waited for it. A held Tab's ask goes before the saying, so the
// initialize's words (a new session replaced the old one) are read, not
// covered by "asking the server…"; the commands after it, as they always
// did, each saying it is on its way.
func (m *Model) initDone(said func() tea.Cmd) tea.Cmd {
	m.initializing = max(m.initializing-1, 0)
	if m.initializing > 0 {
		return said()
	}
	ask, list := m.askHeld(), m.listHeld()
	status := said()
	if m.afterDetect || len(m.afterInit) == 0 {
		return tea.Batch(ask, list, status)
	}
	return tea.Batch(ask, list, status, m.releaseAfterInit())
}

// releaseAfterInit sends what waited for the transport or for
// initialize, in the order it was typed.
func (m *Model) releaseAfterInit() tea.Cmd {
	waiting := m.afterInit
	m.afterInit = nil
	cmds := make([]tea.Cmd, 0, len(waiting))
	for _, held := range waiting {
		cmds = append(cmds, m.submitTyped(held))
	}
	return tea.Batch(cmds...)
}

// send parses and sends a fixed command line, as if typed.
func (m *Model) send(line string) tea.Cmd {
	c, err := command.ParseCommand(line)
	if err != nil {
		return m.setStatus(levelError, sanitize.Line(err.Error()))
	}
	return m.submit(c)
}

// showAnswer puts the pair of the request with Seq reqSeq in the detail
// pane: what the user just sent is what they want to see. The answer comes
// back to Update on its own while the records travel on the record
// channel, so the pair may not be in the log yet: then it opens when its
// record arrives, unless the user opened something else meanwhile.
func (m *Model) showAnswer(reqSeq int64) {
	p := m.com.log.PairOf(reqSeq)
	if p == nil {
		m.awaitAnswer = reqSeq
		return
	}
	m.awaitAnswer = 0
	m.detail.showAnswer(p)
}

// sameTools reports whether two tool lists are the same listing.
func sameTools(a, b []mcp.Tool) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) > 0 && &a[0] == &b[0] {
		// The Log hands out one slice per listing: every batch of records
		// costs nothing here until a new listing arrives.
		return true
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].Title != b[i].Title || a[i].Description != b[i].Description || string(a[i].InputSchema) != string(b[i].InputSchema) ||
			a[i].Annotations != b[i].Annotations {
			return false
		}
	}
	return true
}
