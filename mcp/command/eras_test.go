package command

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// EraNote names the version the session goes on with. A server that
// answered initialize with 2026-07-28 (or a version of no era) was said
// to "speak 2026-07-28" in the note that says the method is not of its
// era, and a version a megabyte long made the note as long.
func TestEraNoteNamesTheVersionTheSessionGoesOnWith(t *testing.T) {
	long := strings.Repeat("9", 1<<20)
	for _, tt := range []struct {
		transport, protocol string
		want, notWant       string
	}{
		{mcp.TransportStreamable, "2025-06-18", "this session speaks 2025-06-18:", ""},
		{mcp.TransportSSE, "", "this session speaks an older era's protocol (initialize)", ""},
		{mcp.TransportStreamable, mcp.ProtocolModern, "this session speaks " + mcp.ProtocolVersion + "'s messages (its server named " + mcp.ProtocolModern + ")", "speaks " + mcp.ProtocolModern},
		{mcp.TransportSSE, long, "this session speaks " + mcp.ProtocolVersion + "'s messages (its server named 999", ""},
	} {
		got := EraNote("server/discover", tt.transport, tt.protocol)
		if !strings.Contains(got, tt.want) || tt.notWant != "" && strings.Contains(got, tt.notWant) || len(got) > 400 {
			t.Errorf("EraNote(server/discover, %s, %.20q) = %.300q (%d bytes), want it to say %q", tt.transport, tt.protocol, got, len(got), tt.want)
		}
	}
	for _, tt := range []struct{ method, transport string }{
		{"tools/list", mcp.TransportStreamable},
		{"server/discover", mcp.TransportStateless},
		{"server/discover", ""},
	} {
		if got := EraNote(tt.method, tt.transport, mcp.ProtocolVersion); got != "" {
			t.Errorf("EraNote(%s, %q) = %q, want none", tt.method, tt.transport, got)
		}
	}
}
