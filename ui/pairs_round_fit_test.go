package ui

import (
	"fmt"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// At 80 columns the METHOD column is 26 cells: a chain's later round keeps
// the tool's name with a short round marker, where "↳ round 2 · " cut it
// to "tools/call …". Wide terminals keep the words.
func TestPairsLaterRoundKeepsItsToolAtEightyColumns(t *testing.T) {
	narrow := newTestModel(t, 80, 24, newFakeBackend(), statelessRecords().recs)
	view := narrow.View()
	if row(view, "↳2 tools/call confirm", "✓ ok") == "" {
		t.Errorf("80 columns: no round 2 row naming tools/call confirm:\n%s", view)
	}
	wide := newTestModel(t, 160, 45, newFakeBackend(), statelessRecords().recs)
	if row(wide.View(), "↳ round 2 · tools/call confirm", "✓ ok") == "" {
		t.Errorf("160 columns: the round 2 row lost its words:\n%s", wide.View())
	}
}

// At 160 columns a later round whose tool name misses the long marker by a
// cell or two still says "round 2", as its neighbours do, where it read
// "↳2" under "↳ round 2 · tools/call confirm" (the demo's list_roots and
// link_account).
func TestPairsLaterRoundKeepsItsWordsWhenNearlyFitting(t *testing.T) {
	s := statelessRecords()
	for i, tool := range []string{"list_roots", "link_account"} {
		first := s.request(fmt.Sprint(20+2*i), "tools/call", tool, `{"name":"`+tool+`","arguments":{}}`, 0)
		s.post(first, 200, mirrored("tools/call", tool), "sse", time.Millisecond)
		s.on(mcp.StreamResponse, first, mcp.ClassResponse, fmt.Sprint(20+2*i), "tools/call",
			`{"jsonrpc":"2.0","id":`+fmt.Sprint(20+2*i)+`,"result":{"resultType":"input_required","inputRequests":{"r":{"method":"roots/list"}},"requestState":"x"}}`)
		next := s.request(fmt.Sprint(21+2*i), "tools/call", tool, `{"name":"`+tool+`","arguments":{},"inputResponses":{"r":{"roots":[]}},"requestState":"x"}`, first)
		s.post(next, 200, mirrored("tools/call", tool), "sse", time.Millisecond)
		s.on(mcp.StreamResponse, next, mcp.ClassResponse, fmt.Sprint(21+2*i), "tools/call", `{"jsonrpc":"2.0","id":`+fmt.Sprint(21+2*i)+`,"result":{"content":[]}}`)
	}
	view := newTestModel(t, 160, 45, newFakeBackend(), s.recs).View()
	for _, tool := range []string{"list_roots", "link_account"} {
		if row(view, "↳ round 2 tools/call "+tool, "✓ ok") == "" {
			t.Errorf("160 columns: the round 2 row of %s does not say round 2 with its tool:\n%s", tool, view)
		}
	}
	if row(view, "↳ round 2 · tools/call confirm", "✓ ok") == "" {
		t.Errorf("160 columns: the confirm chain's round 2 lost its words:\n%s", view)
	}
}
