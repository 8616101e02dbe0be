package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// roots in the user's own session from a proxy's TUI lists and changes
// that session's roots. It panicked: the roots commands read the backend
// of mcpscope URL (Options.Backend), which a proxy's TUI has none of, and
// the program died with the proxy in it.
func TestLiveOwnSessionRoots(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := ownSessionLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE}, "you · mcpscope")
	l.initialize()
	l.mark()
	l.command("roots")
	l.waitFor("roots offered: none")
	dir := t.TempDir()
	l.mark()
	l.command("roots add " + dir)
	l.waitFor("1 root offered")
	// A proxied client's session shows no roots of the user's own: the
	// Negotiation pane named them on every client's.
	fm := l.quit()
	fm.Update(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: make(chan []mcp.Record)})
	press(fm, "[")
	if fm.backend() != nil || fm.com.rootsKnown || len(fm.com.roots) != 0 {
		t.Errorf("a proxied client's session shows the own session's roots: %v", fm.com.roots)
	}
	// A change that lands after the step to the proxied client is the
	// own session's, not the client's on screen.
	fm.Update(rootsSetMsg{roots: []mcp.Root{{URI: "file:///late"}}, what: "added"})
	if len(fm.com.roots) != 0 {
		t.Errorf("a roots change landing after the step shows on the proxied client's session: %v", fm.com.roots)
	}
	press(fm, "]")
	if fm.backend() == nil || !fm.com.rootsKnown || len(fm.com.roots) != 1 {
		t.Errorf("back on the own session, roots %v (known %v), want the one added", fm.com.roots, fm.com.rootsKnown)
	}
}
