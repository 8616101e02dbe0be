package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy server at its base URL that sends POST /mcp on to /sse (the
// Docker MCP Gateway's --transport sse) redirects both detection probes the
// same way: exec says where they went once, not once per probe.
func TestExecSaysARedirectOnce(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{RedirectPosts: true})
	out, errOut, code := run(t, "exec", "--no-record", srv.URL, "tools/list")
	if code != exitOK || !strings.Contains(out, "tools/list") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	want := "redirected: POST " + srv.URL + "/mcp answered 307, to " + srv.URL + "/sse"
	if n := strings.Count(errOut, want); n != 1 {
		t.Errorf("stderr says %q %d times, want once:\n%s", want, n, errOut)
	}
}
