package ui

import (
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy server that ends each new stream at once, greeting it the same
// way, makes mcpscope stop reconnecting on its own after a few tries. The
// status line said the attempt under way ("reconnecting on its own,
// attempt 1 of 5…") until it timed out, over a session already closed:
// why the reconnects stopped, and what to do, were only in Negotiation, a
// tab the user is not looking at on a small terminal.
func TestReconnectsStoppedSayWhyOnTheStatusLine(t *testing.T) {
	const greeting = `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"welcome"}}`
	srv := mcptest.New(t, mcptest.Options{})
	srv.GreetEachAndClose(greeting)
	l := startLiveReady(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: 10 * time.Millisecond}, 160, 45, "reconnecting on its own")
	// No mark: the attempts may all be over before the first frame, and
	// "reconnecting on its own" above then matched the very frame that
	// says they stopped, which is not drawn again.
	l.waitFor("mcpscope stopped reconnecting on its own")
	l.waitFor("press r to reconnect (a new legacy session needs initialize)")
	// Quit, or the program runs on through the package's later tests,
	// drawing and allocating under their measures.
	l.quit()
}
