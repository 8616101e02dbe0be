package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A 2026 tools/call answered with a resultType the revision does not
// define reads failed in Pairs, and its detail says which resultType and
// that the result is invalid, where the row read "✓ ok" and the detail
// showed the resultType as any other.
func TestUnknownResultTypeShownInvalid(t *testing.T) {
	s, call := modernCall(`{"content":[],"resultType":"pending"}`)
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	if view := m.View(); row(view, "tools/call odd", "✗ failed") == "" {
		t.Errorf("no tools/call odd row reading failed:\n%s", view)
	}
	want := `⚠ tools/call answered resultType "pending", which is none of 2026-07-28's (complete, input_required): an invalid result, not a success`
	if got := openPair(t, m, call); !strings.Contains(strings.Join(strings.Fields(got), " "), want) {
		t.Errorf("the call's detail lacks %q:\n%s", want, got)
	}
}

// modernCall is the script of a 2026 session that discovered its server
// and called the tool odd, answered with result, and the call's record.
func modernCall(result string) (*streamScript, int64) {
	s := &streamScript{script: newScript()}
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, URL: statelessURL}})
	disc := s.request("1", "server/discover", "", `{}`, 0)
	s.post(disc, 200, mirrored("server/discover", ""), "json", time.Millisecond)
	s.on(mcp.StreamJSON, disc, mcp.ClassResponse, "1", "server/discover",
		`{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}}}}`)
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateInitialized, Transport: mcp.TransportStateless, Protocol: "2026-07-28", URL: statelessURL}})
	call := s.request("2", "tools/call", "odd", `{"name":"odd","arguments":{}}`, 0)
	s.post(call, 200, mirrored("tools/call", "odd"), "json", time.Millisecond)
	s.on(mcp.StreamJSON, call, mcp.ClassResponse, "2", "tools/call", `{"jsonrpc":"2.0","id":2,"result":`+result+`}`)
	return s, call
}

// A 2026 result's cacheScope of "" (or a scope the protocol does not
// define) is said in Detail as exec says it, where the result line read
// "cacheScope " with nothing after it.
func TestDetailSaysAnUndefinedCacheScope(t *testing.T) {
	s, call := modernCall(`{"content":[],"resultType":"complete","cacheScope":""}`)
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	if want := `complete · cacheScope "" (not public or private, the scopes the protocol defines)`; !strings.Contains(openPair(t, m, call), want) {
		t.Errorf("Detail lacks %q:\n%s", want, openPair(t, m, call))
	}
}
