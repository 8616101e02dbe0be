package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A pending request opened in Detail says, where its answer will go, what
// it waits for and the key that cancels it: its heading said "◌ pending"
// and nothing more, so a call to a server that never answers read the same
// as one just sent.
func TestLiveDetailOfAPendingRequestSaysWhatItWaitsFor(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		<-x.Context().Done() // no answer, not even the POST's headers
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	l.command("tools/call wait")
	l.waitRowPending("tools/call wait")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("waiting for the POST's answer · x cancels it")
	l.quit()
}
