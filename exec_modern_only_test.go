package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server of the stateless era only (the TypeScript SDK v2's
// createMcpHandler with legacy: 'reject') refuses a 2025 initialize with
// -32022 naming 2026-07-28 alone. When --transport or --protocol forced
// that initialize, the failure says what to do: no 2025 version will do,
// leaving them out (the stateless era) will.
func TestExecAdvisesTheEraWhenInitializeIsRefused(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Initialize: mcptest.Refuse32022})
	for _, forced := range [][]string{{"--transport", "streamable"}, {"--protocol", "2025-11-25"}} {
		args := append(append([]string{"exec", "--no-record"}, forced...), srv.Endpoint(), "tools/list")
		_, errOut, code := run(t, args...)
		if code != exitConnect || !strings.Contains(errOut, "-32022") ||
			!strings.Contains(errOut, "initialize was refused: the server speaks only 2026-07-28") ||
			!strings.Contains(errOut, "hint: the server speaks only versions of the stateless era, which has no initialize: leave out --transport and --protocol") {
			t.Errorf("exec %s: exit %d, want a connection failure advising the stateless era:\n%s", strings.Join(forced, " "), code, errOut)
		}
	}
}
