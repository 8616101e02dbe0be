package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// At 80 columns a pending call whose progress words take most of the
// METHOD column keeps its tool's name: "…/call wait" was cut to "…/call …",
// and a call of 500 steps read "…/call … · step 175 of 500", which call
// it was lost. The tool's name alone says it, as the progress says it is
// a call.
func TestLiveProgressKeepsTheToolName(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		_ = x.Progress(175, 500, "step 175 of 500")
		<-x.Context().Done() // pending until the test quits
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	l.mark()
	l.command("tools/call wait")
	l.waitFor("wait · step 175 of 500")
	l.quit()
}
