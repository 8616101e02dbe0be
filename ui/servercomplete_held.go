package ui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// Tab pressed right after i or r asks a session still being initialized:
// asked then, completion/complete overtook the handshake, or was told to
// press i, which had just been pressed. The ask waits for the handshake,
// as a command submitted meanwhile does (submit).

// holdAsk keeps msg until the initialize on its way is over.
func (m *Model) holdAsk(msg serverCompleteMsg) tea.Cmd {
	m.heldAsk = &msg
	return m.setStatus(levelInfo, "values of "+sanitize.Line(msg.key)+": asked once the session is initialized…")
}

// askHeld sends the ask holdAsk kept, if any, now that the initialize is
// over. The session asked is the new one, whatever id the log, which may
// not have its records yet, still shows.
func (m *Model) askHeld() tea.Cmd {
	if m.heldAsk == nil || m.initializing > 0 || m.reconnectAsked {
		return nil
	}
	msg := *m.heldAsk
	m.heldAsk = nil
	msg.held = true
	return m.askServer(msg)
}

// askAwaitsInitialize reports whether the session b would ask awaits its
// initialize, by b's own word where it has one: the log the screen reads
// can lag the session either way (the records of an initialize just done
// not in yet, or, after r, still the old session's "initialized").
func (m *Model) askAwaitsInitialize(b Backend) bool {
	if awaits, known := command.InitializeAwaited(b); known {
		return awaits
	}
	return awaitsInitialize(m.com.log)
}
