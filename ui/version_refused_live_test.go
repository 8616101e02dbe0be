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
	const refused = "2025-11-25\u001b[31m"
	srv := streamableOn(t, "initialize", func(x *mcptest.Exchange) {
		x.Result(map[string]any{"protocolVersion": refused, "capabilities": map[string]any{},
			"serverInfo": map[string]any{"name": "odd-version", "version": "1"}})
	})
	for _, transport := range []string{mcp.TransportStreamable, ""} {
		t.Run("transport="+transport, func(t *testing.T) {
			l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: transport, NoGetStream: true})
			l.waitFor("holds a control character")
			m := l.quit()
			screen := ansi.Strip(m.View())
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
}
