package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// server/discover typed first on a 2026 server is the opening itself, as
// initialize is on an older one: sent once and shown as the opening is
// (versions, capabilities), not sent again and printed as raw JSON. On an
// older server it is a request like any other, after initialize.
func TestExecDiscoverFirstIsTheOpening(t *testing.T) {
	modern := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	out, errOut, code := run(t, "exec", "--no-record", modern.Endpoint(), "server/discover", "tools/list")
	if code != exitOK || strings.Count(out, "── server/discover\n") != 1 || !strings.Contains(out, "protocol 2026-07-28") || strings.Contains(out, `"supportedVersions"`) {
		t.Errorf("exec server/discover on a 2026 server: exit %d, want one summary of the opening:\n%s\n%s", code, out, errOut)
	}
	n := 0
	for _, r := range modern.Requests() {
		if r.Is("server/discover") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the server got %d server/discover requests, want the one that opened the session", n)
	}
	older := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	out, errOut, _ = run(t, "exec", "--no-record", older.URL+"/mcp", "server/discover", "tools/list")
	if !strings.HasPrefix(out, "── initialize\n") || !strings.Contains(out, "── server/discover\n") {
		t.Errorf("exec server/discover on a 2025 server: want initialize first, then server/discover as sent:\n%s\n%s", out, errOut)
	}
}
