package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// While the tools/list c sent is on its way (a slow server took seconds),
// the line under the command line says so: it said "no tools known yet:
// tab lists them" beside a status saying they were being listed, and tab
// then only said it was waiting. Once the tools come it offers them.
func TestHintSaysTheToolsAreBeingListed(t *testing.T) {
	srv, release := heldOn(t, "tools/list")
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.mark()
	l.tm.Type("c")
	l.waitFor("listing the tools…: tab offers names and arguments once they come")
	l.mark()
	close(release)
	l.waitOK("tools/list")
	l.waitFor("echo")
	l.quit()
}
