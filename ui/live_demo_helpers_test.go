package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// liveDemoAt80 is the TUI live against the demo gateway's streamable HTTP
// endpoint on an 80x24 terminal (the narrow screen where rows are cut),
// once its session is initialized.
func liveDemoAt80(t *testing.T) *live {
	t.Helper()
	return liveDemoAt(t, 80, 24)
}

// liveDemoAt is the TUI live against the demo gateway's streamable HTTP
// endpoint on a w x h terminal, once its session is initialized.
func liveDemoAt(t *testing.T, w, h int) *live {
	t.Helper()
	gw := demotest.Start(t, demo.Options{})
	return startLiveReady(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable}, w, h, "● initialized")
}

// liveDemoDetectedAt80 is liveDemoAt80 with no transport named, as most
// users start it: the session's transport is detected, and Negotiation
// says how.
func liveDemoDetectedAt80(t *testing.T) *live {
	t.Helper()
	gw := demotest.Start(t, demo.Options{})
	return startLiveReady(t, mcp.Config{URL: gw.MCPURL()}, 80, 24, "● initialized")
}

// halfTyped is the command liveDemoHalfTypedAt80 leaves on the command line.
const halfTyped = "tools/call gr"

// liveDemoHalfTypedAt80 is liveDemoAt80 with halfTyped typed on the command
// line and not sent, marked once the screen shows it.
func liveDemoHalfTypedAt80(t *testing.T) *live {
	t.Helper()
	l := liveDemoAt80(t)
	l.tm.Type(":" + halfTyped)
	l.waitFor(halfTyped)
	l.mark()
	return l
}
