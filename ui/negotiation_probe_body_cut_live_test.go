package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A probe's answer body longer than its line quotes ends in … inside the
// quotes: a 2025 server's refusal of server/discover read
// "{"jsonrpc":"2.0",…,"id":nu", its end cut off without a sign of it.
func TestLiveProbeBodyCutSaysSo(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true})
	l := startLive(t, mcp.Config{URL: srv.Endpoint()})
	l.waitFor("● initialized")
	m := l.quit()
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 100}) // the whole Negotiation pane
	text := negotiationText(m)                           // its rows wrap
	i := strings.Index(text, "POST server/discover "+srv.Endpoint()+" → 400")
	if i < 0 {
		t.Fatalf("no probe row for server/discover:\n%s", text)
	}
	// The quoted body: from the first " after the status to the " · that
	// ends it.
	_, body, _ := strings.Cut(text[i:], ` · "`)
	body, _, _ = strings.Cut(body, `" · `)
	if !strings.HasSuffix(body, "…") {
		t.Errorf("the probe's body is quoted cut with no …: %q", body)
	}
}
