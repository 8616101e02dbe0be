package ui

import (
	"regexp"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A pending call whose progress stopped coming says for how long: a server
// stopped mid-call (kill -STOP) kept its row at "█░░░░ 30%" with the
// spinner turning and the time counting, which read as a tool still at
// work. The wait for "quiet" begins once the progress is drawn, and any
// whole second from 5 on counts: a loaded machine took 7s to start the
// TUI and can draw no frame in the quiet's first second.
func TestLiveStalledProgressSaysQuiet(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		_ = x.Progress(3, 10, "step 3 of 10")
		<-x.Context().Done() // and then nothing
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	l.mark()
	l.command("tools/call wait")
	l.waitFor("█░░░░ 30%")
	l.mark()
	quiet := regexp.MustCompile(`quiet ([5-9]|1[0-4])s`)
	l.waitUntil(quiet.Match)
	l.quit()
}
