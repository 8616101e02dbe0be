package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/list the server read on a kept-alive connection and then hung up
// on without answering went out twice (net/http sent it again on a new
// connection, where it was answered): Negotiation and the row's Detail say
// so, where the row read as one POST the server saw once.
func TestLiveResentPostIsSaid(t *testing.T) {
	url, _ := mcptest.RawClosesOnce(t, `"tools/list"`)
	l := startLiveReady(t, mcp.Config{URL: url + "/mcp", Transport: mcp.TransportStreamable, NoGetStream: true}, 200, 50, "● initialized")
	l.command("tools/list")
	l.waitRowState("tools/list", "✓")
	m := l.quit()
	if view := ansi.Strip(m.View()); !strings.Contains(view, "Resent") || !strings.Contains(view, "sent again on a") {
		t.Errorf("Negotiation does not say tools/list was sent again:\n%s", view)
	}
	press(m, "enter")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "POST sent again on a new connection") {
		t.Errorf("Detail of tools/list does not say its POST was sent again:\n%s", view)
	}
}
