package ui

import (
	"bytes"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The user's own session in a proxy's TUI is opened before detection
// says which transport the server speaks: its tab on the clients bar names
// the transport found (it said "auto" for good), and the status line does
// not tell to press i for a session that initialized itself.
func TestOwnSessionBarNamesDetectedTransport(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := ownSessionLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportAuto}, "you (mcpscope)")
	l.waitFor("you (mcpscope) · streamable")
	l.waitFor("● initialized")
	if bytes.Contains(l.seen.Bytes(), []byte("i initializes it")) {
		t.Errorf("the status told to press i for a session that initializes itself:\n%s", l.seen.String())
	}
	// At 80 columns the status names the keys back, not cut before them.
	l.mark()
	l.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	l.waitFor("[ and ] go back to the clients")
	l.tm.Type("q")
	l.tm.WaitFinished(t, teatest.WithFinalTimeout(liveWait))
}
