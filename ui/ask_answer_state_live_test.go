package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A server's question the user dismissed over SSE or streamable HTTP
// reads as they answered it in Pairs: a form cancelled "⊘ cancelled", a
// sampling request declined "⊘ declined". Both read "↩ answered", where
// 2026's declined sampling read "⊘ declined".
func TestLiveDismissedServerRequestSaysHowItWasAnswered(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	for _, tc := range []struct{ name, url, transport, call, asks, want string }{
		{"sse form", gw.SSEURL(), mcp.TransportSSE, "confirm action=deploy", "asks: elicitation/create", "⊘ cancelled"},
		{"streamable sampling", gw.MCPURL(), mcp.TransportStreamable, "sample prompt=hi", "asks: sampling/createMessage", "⊘ declined"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := startLive(t, mcp.Config{URL: tc.url, Transport: tc.transport})
			if tc.transport == mcp.TransportSSE {
				l.waitFor("● open") // not initialized on its own: i does
				l.tm.Type("i")
			}
			l.waitFor("● initialized")
			l.call(tc.call)
			l.waitFor(tc.asks)
			l.mark()
			l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
			l.waitFor(tc.want)
			l.quit()
		})
	}
}
