package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server whose completion/complete answer is odd in its types: values
// that are a number, null and an object beside the strings, a hasMore of
// "yes" and a total of "lots". The strings are still what Tab offers, and
// the status says what was left out, rather than "the server could not
// complete lang: the completion/complete result is not readable" over
// values that were there.
func TestLiveServerValuesOfOddTypesStillOffered(t *testing.T) {
	srv := completingServer(t, func(argument string) map[string]any {
		if argument == "other" {
			return map[string]any{"values": []any{7, nil}, "hasMore": "yes"}
		}
		return map[string]any{"values": []any{"ruby", 7, nil, map[string]any{"a": 1}, "rust"}, "total": "lots", "hasMore": "yes"}
	})
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.mark()
	l.typeTab(":prompts/get review lang=r")
	l.waitFor("the server offered 2 values for lang (3 more left out: not strings)")
	l.mark()
	l.typeTab(" other=x")
	l.waitFor("the server offered 2 values for other, none of which can be typed (not strings)")
	m := l.quit()
	if got := m.cmdline.input.Value(); !strings.HasPrefix(got, "prompts/get review lang=ru other=x") {
		t.Errorf("the line after both Tabs is %q, want lang's values' common prefix filled in and other's value as typed", got)
	}
}
