package ui

import (
	"strings"
	"testing"
)

// A session whose initialize answer named a protocol version mcpscope
// refused failed to connect: no session is in use, so the status bar names
// none, though the server gave an Mcp-Session-Id with that answer. The
// Negotiation pane may still say the id the server gave, as what happened.
// The status bar read "session abc" beside the failure.
func TestLiveRefusedVersionLeavesNoSessionInUse(t *testing.T) {
	refusedVersionScreens(t, func(t *testing.T, m *Model, screen string) {
		lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
		if bar := lines[len(lines)-1]; strings.Contains(bar, "session") {
			t.Errorf("the status bar names a session in use after the version was refused: %q\n%s", bar, screen)
		}
		if got := m.com.log.Stats().SessionID; got != "" {
			t.Errorf("Stats().SessionID = %q, want none in use", got)
		}
	})
}
