package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// --transport stateless against a stateful (2025) streamable server, which
// refuses server/discover with HTTP 400 because it carries no session id
// (server-everything: "Server not initialized", id null), is advised as a
// server of an earlier era, not as a bad JSON-RPC message.
func TestExecForcedStatelessOnAStatefulServer(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "stateless", srv.URL+"/mcp", "tools/list")
	if code != exitConnect {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitConnect, out, errOut)
	}
	if !strings.Contains(errOut, "answered 400") || !strings.Contains(errOut, "not a stateless (2026-07-28) server") ||
		!strings.Contains(errOut, "hint: the server is of an earlier revision: leave out --transport stateless") {
		t.Errorf("no word that the server is not a 2026 one:\n%s", errOut)
	}
	if strings.Contains(errOut, "bad JSON-RPC") {
		t.Errorf("advised as a bad message:\n%s", errOut)
	}
	// Without --transport, detection finds the stateful transport.
	out, errOut, code = run(t, "exec", "--no-record", srv.URL+"/mcp", "tools/list")
	if code != exitOK {
		t.Errorf("detected: exit %d\n%s\n%s", code, out, errOut)
	}
}
