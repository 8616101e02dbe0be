package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool list with two tools under one name, or one with an empty name,
// is said so on the status line when it comes: exec prints it with the
// list, and the TUI said "tools/list: ok" until the name was typed.
func TestStatusSaysATwiceListedToolName(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: []mcptest.Tool{
		{Name: "ok", Description: "the first"}, {Name: "ok", Description: "the second"}, {Name: "", Description: "nameless"},
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.mark()
	l.tm.Type("l")
	l.waitFor(`⚠ tools/call cannot tell apart the 2 tools named "ok" (+1 more)`)
	l.quit()

	// An empty name alone is said of "a tool", not "its".
	srv = mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: []mcptest.Tool{{Name: "ok"}, {Name: ""}}})
	l = startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.mark()
	l.tm.Type("l")
	l.waitFor("tools/list: ok · ⚠ a tool's name is empty: tools/call cannot name it")
	l.quit()
}

// At 80 columns the warning reads whole: "which one it means (and 1 more
// name problem)" was cut, the very words that say what is wrong.
func TestStatusToolNameWarningFits80(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: []mcptest.Tool{
		{Name: "ok", Description: "the first"}, {Name: "ok", Description: "the second"}, {Name: "", Description: "nameless"},
	}})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	l.mark()
	l.tm.Type("l")
	const want = `tools/list: ok · ⚠ tools/call cannot tell apart the 2 tools named "ok" (+1 more)`
	l.waitFor(want)
	m := l.quit()
	if v := ansi.Strip(m.View()); !strings.Contains(v, want) {
		t.Errorf("at 80 columns the warning is not whole:\n%s", v)
	}
}
