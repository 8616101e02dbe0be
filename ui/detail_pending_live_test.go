package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A pending request opened in Detail says, under its heading, what it
// waits for and the key that cancels it: its heading said "◌ pending"
// and nothing more, so a call to a server that never answers read the same
// as one just sent. One with many arguments says it in view at 80x24 too:
// said after the request's JSON, it was below the fold.
func TestLiveDetailOfAPendingRequestSaysWhatItWaitsFor(t *testing.T) {
	args := make([]string, 30)
	for i := range args {
		args[i] = fmt.Sprintf("a%d=%d", i, i)
	}
	for _, line := range []string{"tools/call wait", "tools/call wait " + strings.Join(args, " ")} {
		srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
			<-x.Context().Done() // no answer, not even the POST's headers
		})
		l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
		l.command(line)
		l.waitRowPending("tools/call wait")
		l.mark()
		l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
		l.waitFor("waiting for the POST's answer · x cancels it")
		l.quit()
	}
}
