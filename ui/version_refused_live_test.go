package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A protocol version mcpscope refused (one no MCP-Protocol-Version header
// can carry) is not shown as the one in use: not beside the server's name
// in the Negotiation pane, in the colour of success, nor in the status
// bar's badge. The failure that refused it, with its advice, is shown.
// The version used to be taken from the initialize answer before the
// refusal, which no record said when the transport was forced.
func TestLiveRefusedVersionIsNotShownInUse(t *testing.T) {
	refusedVersionScreens(t, func(t *testing.T, m *Model, screen string) {
		if strings.Contains(screen, "odd-version 1 · protocol") {
			t.Errorf("the refused version is shown as the server's protocol:\n%s", screen)
		}
		if strings.Contains(screen, "streamable 2025-11-25") {
			t.Errorf("the status bar names the refused version as in use:\n%s", screen)
		}
		if !strings.Contains(screen, "the server is broken") {
			t.Errorf("the refusal's advice is not shown:\n%s", screen)
		}
		if got := m.com.log.Stats().Protocol; got != "" {
			t.Errorf("Stats().Protocol = %q, want none in use", got)
		}
	})
}

// refusedVersionScreens runs the TUI, with the transport forced and then
// detected, against a server whose initialize answer names a protocol
// version mcpscope refuses, with the Mcp-Session-Id "abc", and hands check
// the final model and its screen once the refusal is shown.
func refusedVersionScreens(t *testing.T, check func(t *testing.T, m *Model, screen string)) {
	t.Helper()
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
			check(t, m, ansi.Strip(m.View()))
		})
	}
}
