package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A session whose initialize answer named a protocol version mcpscope
// refused failed to connect: no session is in use, so the status bar names
// none, though the server gave an Mcp-Session-Id with that answer. The
// Negotiation pane may still say the id the server gave, as what happened.
// The status bar read "session abc" beside the failure.
func TestLiveRefusedVersionLeavesNoSessionInUse(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{SessionID: func() string { return "abc" }, Handle: func(x *mcptest.Exchange) {
		if x.Kind == mcptest.KindRequest && x.Method == "initialize" {
			x.Result(map[string]any{"protocolVersion": "2025-11-25\u001b[31m", "capabilities": map[string]any{},
				"serverInfo": map[string]any{"name": "odd-version", "version": "1"}})
			return
		}
		x.Default()
	}})
	for _, transport := range []string{mcp.TransportStreamable, ""} {
		t.Run("transport="+transport, func(t *testing.T) {
			l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: transport, NoGetStream: true})
			l.waitFor("holds a control character")
			m := l.quit()
			screen := ansi.Strip(m.View())
			lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
			if bar := lines[len(lines)-1]; strings.Contains(bar, "session") {
				t.Errorf("the status bar names a session in use after the version was refused: %q\n%s", bar, screen)
			}
			if got := m.com.log.Stats().SessionID; got != "" {
				t.Errorf("Stats().SessionID = %q, want none in use", got)
			}
		})
	}
}
