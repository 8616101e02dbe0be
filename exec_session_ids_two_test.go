package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An initialize answer with two Mcp-Session-Id headers is said by exec as
// the TUI's open state says it: exec said nothing, and the user read only
// later that "an answer named session ..., not ...", with no word of where
// the other id came from.
func TestExecSaysTwoSessionIDs(t *testing.T) {
	out, errOut, code := execWithInitializeHeaders(t, "Mcp-Session-Id", "from-the-proxy")
	want := `· the initialize answer had 2 Mcp-Session-Id headers, the others saying "from-the-proxy": the first is sent back`
	if code != exitOK || strings.Count(out, want) != 1 {
		t.Errorf("exit %d, want %d and once %q\n%s\n%s", code, exitOK, want, out, errOut)
	}
}

// execWithInitializeHeaders is exec's tools/list against a server whose
// initialize answer adds header once for each of values to its own.
func execWithInitializeHeaders(t *testing.T, header string, values ...string) (out, errOut string, code int) {
	t.Helper()
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "initialize" {
			for _, v := range values {
				x.Header().Add(header, v)
			}
		}
		x.Default()
	}})
	return run(t, "exec", "--no-record", "--no-listen", "--no-get-stream", srv.URL, "tools/list")
}
