package proxy

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client's Mcp-Session-Id is its own words. One that is another
// client's id with a right-to-left override (U+202E) after it is a
// session upstream does not know; the proxy's lines about it named it
// as it came, and the one sanitizer that makes a line safe for a
// terminal takes the override out, so "upstream answered 404 to session
// ID: the session is gone" named the other client's session, which
// lives on. An id that is not all visible ASCII (as the specification
// requires) is quoted, escapes and all.
func TestInvisibleSessionIDIsQuoted(t *testing.T) {
	base, sid, w := demoOpen(t)
	forged := sid + "\u202e"
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"ping"}`,
		"Accept", "application/json, text/event-stream", "MCP-Protocol-Version", "2025-11-25", "Mcp-Session-Id", forged, "User-Agent", "other").Body)
	gone := w.clientWith(t, "the forged id's session expired", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateExpired
	})
	for _, r := range w.records(gone.ID) {
		if r.State == nil || !strings.Contains(r.State.Detail, sid) {
			continue
		}
		if strings.Contains(r.State.Detail, forged) || !strings.Contains(r.State.Detail, `"`+sid+`\u202e"`) {
			t.Errorf("the %s line says %q, want the id quoted with its override escaped (\\u202e)", r.State.State, r.State.Detail)
		}
	}
}
