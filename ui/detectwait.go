package ui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// What is sent while detection still finds the transport (the first second
// against a slow server, or while it probes /mcp and then /sse) waits in
// afterInit, and goes once detection has said which transport the URL
// serves; when it found none, it is dropped with the reason.

// findingTransport reports whether detection is still finding the
// transport, as the screen has read it and as the session says: the
// records lag the session, and a command typed as detection ends goes
// at once.
func (m *Model) findingTransport() bool {
	return m.afterDetect || m.status.probing() && stillDetecting(m.backend())
}

// releaseAfterDetect sends what waited for the transport once the screen
// has read detection's verdict, or drops it when no transport was found.
func (m *Model) releaseAfterDetect() tea.Cmd {
	if !m.afterDetect || m.status.probing() {
		return nil
	}
	m.afterDetect = false
	if st := m.com.log.Stats(); st.Detected && st.Transport == "" {
		return m.dropAfterDetect()
	}
	if m.initializing > 0 {
		return nil // initDone sends them
	}
	dropped := ""
	kept := m.afterInit[:0]
	for _, held := range m.afterInit {
		if held.Command.Method == "initialize" && held.Command.Bare() && m.com.log.Stats().State == mcp.StateInitialized {
			// Detection's own initialize opened the session, or its
			// server/discover found a 2026 server: a second would start
			// another session, or ask again what was just answered.
			dropped = m.labelOf(held.Command)
			continue
		}
		kept = append(kept, held)
	}
	m.afterInit = kept
	send := m.releaseAfterInit()
	if dropped == "" {
		return send
	}
	what := "initialized the session"
	if dropped == "server/discover" {
		what = "discovered the server"
	}
	return tea.Batch(send, m.setStatus(levelInfo, dropped+": not sent again, detection "+what))
}

// dropAfterDetect drops what waited for a transport that detection did
// not find, and says so: the status line says why it failed next.
func (m *Model) dropAfterDetect() tea.Cmd {
	labels := make([]string, 0, len(m.afterInit))
	typed := false
	for _, held := range m.afterInit {
		labels = append(labels, m.labelOf(held.Command))
		typed = typed || held.Line != ""
	}
	m.afterInit = nil
	text := strings.Join(labels, ", ") + " not sent"
	if typed {
		text += " (" + m.keys.HistoryPrev.Help().Key + " on the command line brings it back)"
	}
	m.connFail.pending = text + ": "
	return m.setStatus(levelWarn, text+": no transport was found (Negotiation says why)")
}
