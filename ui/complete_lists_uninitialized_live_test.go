package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Tab on a tool's name where the session cannot answer a listing sends
// none and says why, in the terms of the hint under the command line: a
// legacy stream before i (whose server refuses tools/list in words that
// do not say to initialize) is to be initialized; a streamable server
// that refused initialize left no session, and r connects again, where
// the Tab said to press i, under a hint saying r.
func TestLiveCallTabSendsNoListingTheSessionCannotAnswer(t *testing.T) {
	legacy := mcptest.New(t, mcptest.Options{Handle: mcptest.ErrorCode0BeforeInit})
	refused := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.HandleMethod("initialize", func(x *mcptest.Exchange) {
		x.Error(-32603, "initialize refused")
	})})
	for _, tc := range []struct {
		era       string
		cfg       mcp.Config
		open      string
		hint, say string
	}{
		{"legacy", mcp.Config{URL: legacy.SSEURL()}, "● open",
			"not initialized yet: esc, then i initializes it",
			"the tools are not listed for completion: not initialized yet: i (outside the command line) initializes it"},
		{"streamable", mcp.Config{URL: refused.Endpoint(), Transport: mcp.TransportStreamable}, "● failed",
			"not connected: r (outside the command line) connects again",
			"the tools are not listed for completion: not connected: r (outside the command line) connects again"},
	} {
		t.Run(tc.era, func(t *testing.T) {
			l := startLiveReady(t, tc.cfg, 160, 45, tc.open)
			l.mark()
			l.tm.Type(":call gre")
			l.waitFor(tc.hint)
			l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
			l.waitFor(tc.say)
			m := l.quit()
			if got := pairsOf(m, "tools/list"); len(got) != 0 {
				t.Errorf("tools/list rows = %v, want none sent", got)
			}
		})
	}
}
