package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// --transport stateless (or --protocol 2026-07-28) against a stateful
// (2025) streamable server, which refuses server/discover with HTTP 400
// because it carries no session id (server-everything: "Server not
// initialized", id null), is advised as a server of an earlier era, not as
// a bad JSON-RPC message.
func TestExecForcedStatelessOnAStatefulServer(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	for _, flags := range [][]string{{"--transport", "stateless"}, {"--protocol", "2026-07-28"}} {
		args := append(append([]string{"exec", "--no-record"}, flags...), srv.URL+"/mcp", "tools/list")
		out, errOut, code := run(t, args...)
		if code != exitConnect {
			t.Fatalf("%v: exit %d, want %d\n%s\n%s", flags, code, exitConnect, out, errOut)
		}
		if !strings.Contains(errOut, "answered 400") || !strings.Contains(errOut, "not a stateless (2026-07-28) server") ||
			!strings.Contains(errOut, "hint: the server is of an earlier revision: leave out --transport stateless") {
			t.Errorf("%v: no word that the server is not a 2026 one:\n%s", flags, errOut)
		}
		if strings.Contains(errOut, "bad JSON-RPC") {
			t.Errorf("%v: advised as a bad message:\n%s", flags, errOut)
		}
	}
	// Without --transport, detection finds the stateful transport.
	out, errOut, code := run(t, "exec", "--no-record", srv.URL+"/mcp", "tools/list")
	if code != exitOK {
		t.Errorf("detected: exit %d\n%s\n%s", code, out, errOut)
	}
}
