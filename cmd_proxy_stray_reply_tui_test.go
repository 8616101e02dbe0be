package main

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A proxied client's reply to an id the server never asked was a Pairs row
// "← server 4242 (no method) answered", as if upstream had sent a request.
// It is the client's message: "→ reply".
func TestProxyTUIShowsAStrayReplyAsTheClients(t *testing.T) {
	m, run := proxyTUI(t, demotest.Start(t, demo.Options{}).URL+demo.StreamablePath)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(160, 45))
	sendStrayReply(t, run.base+demo.StreamablePath)
	final := quitOnceDrawn(t, tm, "4242")
	row := screenLine(final, " 4242 ")
	if !strings.Contains(row, "→ reply") || strings.Contains(row, "← server") {
		t.Errorf("the stray reply's row is %q, want it marked the client's (→ reply), not a server request:\n%s", row, ansi.Strip(final.View()))
	}
}
