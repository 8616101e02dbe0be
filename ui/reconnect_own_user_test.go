package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A call the legacy stream's break failed said in its Detail that
// mcpscope is reconnecting on its own; once the user pressed r meanwhile,
// which ends those reconnects, it said so still. It follows the user's
// reconnect, as it follows a give-up.
func TestLiveFailedCallDetailFollowsTheUsersReconnect(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	// The first attempt of its own is a minute away: r comes while the
	// reconnects are under way, before any of them ran.
	l := startLiveReady(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: time.Minute}, 80, 24, "● open")
	l.tm.Type("i")
	l.waitFor("● initialized")
	l.command("tools/call slow seconds=20")
	l.waitRowPending("tools/call slow")
	l.mark()
	if err := gw.Close(); err != nil {
		t.Fatalf("closing the demo gateway: %v", err)
	}
	l.waitFor("◌ reconnecting")
	l.mark()
	l.tm.Type("r")
	// The gateway is gone: the user's reconnect fails, and says so.
	l.waitFor("reconnect failed:")
	m := l.quit()
	press(m, "enter")
	view := ansi.Strip(m.View())
	text := strings.Join(strings.Fields(strings.ReplaceAll(view, "│", " ")), " ")
	from, to := strings.Index(text, "── Failure"), strings.Index(text, "── Request")
	if !strings.Contains(text, "tools/call slow") || from < 0 || to < from {
		t.Fatalf("Enter did not open the failed call's Detail:\n%s", view)
	}
	text = text[from:to]
	if strings.Contains(text, "is reconnecting on its own") {
		t.Errorf("the failed call's Detail still says mcpscope is reconnecting on its own after the user reconnected:\n%s", view)
	}
	if !strings.Contains(text, "you reconnected meanwhile") {
		t.Errorf("the failed call's Detail does not say the user's reconnect ended the reconnects of its own:\n%s", view)
	}
}
