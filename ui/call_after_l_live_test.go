package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// l, then c before the server answered: c's completion waits for the
// listing l sent rather than sending a second tools/list of its own (a
// slow server showed two tools/list rows for one press of l), and a call
// typed before the answer goes once it came, checked against the schema.
// The status says c waits for that listing.
func TestCallWaitsForTheListingLSent(t *testing.T) {
	srv, release := heldOn(t, "tools/list")
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.tm.Type("l")
	l.waitRowPending("tools/list")
	l.tm.Type("c")
	// c sent nothing: "listing the tools for completion…" said it had.
	l.waitFor("waiting for the listing of the tools already asked for…")
	l.tm.Type("echo text=hi")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("goes once tools/list is answered")
	close(release)
	l.waitOK("tools/call echo")
	m := l.quit()
	if got := pairsOf(m, "tools/list"); len(got) != 1 {
		t.Errorf("tools/list rows %v, want the one l sent", got)
	}
	if got := pairsOf(m, "tools/call echo"); len(got) != 1 || got[0] != "ok" {
		t.Errorf("tools/call echo rows %v, want one ok", got)
	}
}
