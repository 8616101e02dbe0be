package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server whose serverInfo holds characters the screen hides (a bidi
// override in its name, a zero-width joiner in its version) is named on
// the Negotiation pane escaped and in quotes, as a tool of such a name is
// listed: with them dropped it read "hevil ab", names it never sent.
func TestNegotiationShowsAServerNameHidingCharactersEscaped(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
		x.Result(map[string]any{
			"supportedVersions": []string{mcp.ProtocolModern},
			"capabilities":      map[string]any{"tools": map[string]any{}},
			"_meta":             map[string]any{mcp.MetaServerInfo: map[string]any{"name": "h\u202eevil", "version": "a\u200db"}},
		})
	})
	l := startLive(t, mcp.Config{URL: srv.Endpoint()})
	l.waitFor("Capabilities")
	view := strings.Join(l.quit().nego.lines(), "\n")
	if !strings.Contains(view, `"h\u202eevil" "a\u200db"`) || strings.Contains(view, "hevil") {
		t.Errorf("the Server line does not name the server escaped:\n%s", view)
	}
}
