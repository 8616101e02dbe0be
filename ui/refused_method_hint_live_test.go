package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// refusalHint is the detail of the first row titled title, its lines
// joined as one text: the hint wraps.
func refusalHint(m *Model, title string) string {
	for i := 0; i < m.com.log.PairCount(); i++ {
		if pairTitle(m.com.log.Pair(i)) == title {
			return strings.Join(strings.Fields(ansi.Strip(strings.Join(detailOf(m, m.com.log, i), "\n"))), " ")
		}
	}
	return ""
}

// completion/complete to a server that declares no completions is
// refused as unknown (-32601). On a 2026 session, Detail's hint listed
// the methods 2026 dropped, none of them this one; it says first what the
// server's capabilities lack.
func TestRefusalSaysTheServerDeclaredNoCompletions(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), NoListen: true})
	l.waitFor("● discovered")
	l.mark()
	l.command("completion/complete prompt greet name=a")
	l.waitRowState("completion/complete", "✗ rpc error")
	m := l.quit()
	text := refusalHint(m, "completion/complete greet name")
	if !strings.Contains(text, "→ the server did not declare completions in its capabilities: it does not offer completion/complete") ||
		strings.Contains(text, "gone in 2026-07-28") {
		t.Errorf("the hint does not say the server declared no completions:\n%s", text)
	}
}

// server/discover sent in a 2025 session is refused as unknown: the era
// is why, and the hint told the user to check the spelling.
func TestRefusalOfAnotherEraMethodDoesNotBlameTheSpelling(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized") // a streamable session initializes on its own
	l.mark()
	l.command("server/discover")
	l.waitRowState("server/discover", "✗ rpc error")
	m := l.quit()
	text := refusalHint(m, "server/discover")
	if strings.Contains(text, "check the spelling") || !strings.Contains(text, "→ server/discover is not of this session's era of MCP") {
		t.Errorf("the hint does not follow the era:\n%s", text)
	}
}
