package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server whose tools/list answers name another Mcp-Session-Id than the
// initialize answer did: exec says so once, in the words the Negotiation
// pane uses, and goes on with the session initialize named.
func TestExecSaysAnAnswerNamedAnotherSession(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/list" {
			x.Header().Set("Mcp-Session-Id", "other")
		}
		x.Default()
	}})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", "--no-get-stream", srv.Endpoint(), "tools/list", "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d, want 0 (the session initialize named still works):\n%s\n%s", code, out, errOut)
	}
	const want = `an answer named session "other", not`
	if n := strings.Count(out+errOut, want); n != 1 {
		t.Errorf("exec says %q %d times, want once:\n%s\n%s", want, n, out, errOut)
	}
}

// An answer whose MCP-Protocol-Version header names another version than
// the one negotiated: exec says so once per session, in either era, and
// not for the answers that carry the negotiated one.
func TestExecSaysAnAnswerNamedAnotherVersion(t *testing.T) {
	odd := func(x *mcptest.Exchange) {
		if x.Method == "tools/list" {
			x.Header().Set("MCP-Protocol-Version", "2024-11-05")
		}
		x.Default()
	}
	for _, tc := range []struct{ name, url, transport, negotiated string }{
		{"streamable", mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: odd}).Endpoint(), "streamable", "2025-11-25"},
		{"stateless", mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: odd}).Endpoint(), "stateless", "2026-07-28"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := run(t, "exec", "--no-record", "--transport", tc.transport, "--no-get-stream", "--no-listen", tc.url, "tools/list", "tools/list")
			if code != exitOK {
				t.Fatalf("exit %d, want 0:\n%s\n%s", code, out, errOut)
			}
			want := `an answer carried MCP-Protocol-Version "2024-11-05", not "` + tc.negotiated + `"`
			if n := strings.Count(out+errOut, want); n != 1 {
				t.Errorf("exec says %q %d times, want once:\n%s\n%s", want, n, out, errOut)
			}
		})
	}
}
