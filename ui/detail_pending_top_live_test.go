package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Detail of a pending request with many arguments, at 80x24, says what it
// waits for in view, under its heading: it was said after the request's
// JSON, below the fold, and the detail read as a request with no word of
// its answer.
func TestLiveDetailOfALongPendingRequestSaysWhatItWaitsForInView(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		<-x.Context().Done() // no answer, not even the POST's headers
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	args := make([]string, 30)
	for i := range args {
		args[i] = fmt.Sprintf("a%d=%d", i, i)
	}
	l.command("tools/call wait " + strings.Join(args, " "))
	l.waitRowPending("tools/call wait")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("waiting for the POST's answer · x cancels it")
	l.quit()
}
