package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// Tab on a tool's name while detection still waits on the server's
// answer to its initialize lists the tools once the session is
// initialized, and offers them: it said "not initialized yet: i …
// initializes it", and i then only waited for the transport, whose
// detection initialized the session itself.
func TestLiveTabWhileDetectingListsOnceInitialized(t *testing.T) {
	srv, release := heldOn(t, "initialize")
	l := startLive(t, mcp.Config{URL: srv.Endpoint()})
	l.waitFor("◌ POST initialize")
	l.mark()
	l.typeTab(":tools/call ")
	l.waitFor("the tools are listed for completion once the session is initialized")
	close(release)
	l.waitFor("● initialized")
	l.waitFor("echo  add  search  fail")
	m := l.quit()
	if got := len(pairsOf(m, "tools/list")); got != 1 {
		t.Errorf("tools/list rows = %d, want 1 (the listing Tab asked for)", got)
	}
}
