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
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "initialize" {
			x.Header().Add("Mcp-Session-Id", "from-the-proxy")
		}
		x.Default()
	}})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--no-get-stream", srv.URL, "tools/list")
	want := `· the initialize answer had 2 Mcp-Session-Id headers, the others saying "from-the-proxy": the first is sent back`
	if code != exitOK || strings.Count(out, want) != 1 {
		t.Errorf("exit %d, want %d and once %q\n%s\n%s", code, exitOK, want, out, errOut)
	}
}
