package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A 2026 result's cacheScope of "" (or a scope the protocol does not
// define) is said in Detail as exec says it, where the result line read
// "cacheScope " with nothing after it.
func TestDetailSaysAnUndefinedCacheScope(t *testing.T) {
	s := &streamScript{script: newScript()}
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateInitialized, Transport: mcp.TransportStateless, Protocol: "2026-07-28", URL: statelessURL}})
	call := s.request("3", "tools/call", "odd", `{"name":"odd","arguments":{}}`, 0)
	s.post(call, 200, mirrored("tools/call", "odd"), "sse", time.Millisecond)
	s.on(mcp.StreamResponse, call, mcp.ClassResponse, "3", "tools/call", `{"jsonrpc":"2.0","id":3,"result":{"content":[],"resultType":"complete","cacheScope":""}}`)
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	got := openPair(t, m, call)
	if want := `complete · cacheScope "" (not public or private, the scopes the protocol defines)`; !strings.Contains(got, want) {
		t.Errorf("Detail lacks %q:\n%s", want, got)
	}
}
