package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// On a 2026-07-28 server exec opens with server/discover, not initialize
// (the era has none), and its heading names what was sent, as the TUI's
// key does; a 2025 server's heading stays initialize.
func TestExecHeadsTheOpeningWithWhatWasSent(t *testing.T) {
	modern := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	out, errOut, code := run(t, "exec", "--no-record", modern.Endpoint(), "tools/list")
	if code != exitOK || !strings.HasPrefix(out, "── server/discover\n") || strings.Contains(out, "── initialize") {
		t.Errorf("exec on a 2026 server: exit %d, want it to open with ── server/discover:\n%s\n%s", code, out, errOut)
	}
	older := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	out, errOut, code = run(t, "exec", "--no-record", older.URL+"/mcp", "tools/list")
	if code != exitOK || !strings.HasPrefix(out, "── initialize\n") {
		t.Errorf("exec on a 2025 server: exit %d, want it to open with ── initialize:\n%s\n%s", code, out, errOut)
	}
}
