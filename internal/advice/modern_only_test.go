package advice

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A 2025 initialize refused with -32022 by a server naming only 2026
// versions is told, in each audience's words, to let mcpscope find the era.
func TestModernOnlyRefusalPerAudience(t *testing.T) {
	e := &mcp.RPCError{Code: mcp.CodeUnsupportedVersion, Message: "Unsupported protocol version", Data: []byte(`{"supported":["2026-07-28"]}`)}
	for a, want := range map[Audience]string{
		TUI: "the server speaks only 2026-07-28, the stateless era, which has no initialize: start mcpscope again without --transport and --protocol (or with --transport stateless)",
		CLI: "the server speaks only 2026-07-28, the stateless era, which has no initialize: leave out --transport and --protocol (or pass --transport stateless)",
	} {
		got := ForRPC(e, mcp.TransportStreamable, a)
		if got != want {
			t.Errorf("ForRPC for audience %v = %q, want %q", a, got, want)
		}
		if strings.Contains(got, "{") {
			t.Errorf("ForRPC for audience %v left a placeholder: %q", a, got)
		}
	}
}
