package ui

import (
	"strconv"
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
// the Tab said to press i, under a hint saying r. The status says why
// first and leaves the keys to the hint: at 80 columns it was cut before
// its own ("… not initialized yet: i …").
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
			"not initialized yet: the tools are not listed for completion"},
		{"streamable", mcp.Config{URL: refused.Endpoint(), Transport: mcp.TransportStreamable}, "● failed",
			"not connected: r (outside the command line) connects again",
			"not connected: the tools are not listed for completion"},
	} {
		for _, size := range [][2]int{{160, 45}, {80, 24}} {
			t.Run(tc.era+"/"+strconv.Itoa(size[0]), func(t *testing.T) {
				l := startLiveReady(t, tc.cfg, size[0], size[1], tc.open)
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
}
