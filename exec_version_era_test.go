package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that settles on 2024-11-05 over streamable HTTP, a transport
// that version predates (streamable HTTP came with 2025-03-26), was said
// nothing of: exec says so beside the version; one that settles on a
// version of streamable HTTP is said nothing.
func TestExecSaysAVersionOlderThanStreamableHTTP(t *testing.T) {
	const note = "protocol 2024-11-05 (older than streamable HTTP, which 2025-03-26 brought"
	old := mcptest.NewStreamable(t, mcptest.StreamableOptions{Versions: []string{"2024-11-05"}})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", old.Endpoint(), "tools/list")
	if code != exitOK || !strings.Contains(out, note) {
		t.Errorf("exit %d; want %q:\n%s\n%s", code, note, out, errOut)
	}
	current := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	if out, errOut, _ := run(t, "exec", "--no-record", "--no-listen", current.Endpoint(), "tools/list"); strings.Contains(out+errOut, "older than streamable HTTP") {
		t.Errorf("a streamable version was said to be older than streamable HTTP:\n%s\n%s", out, errOut)
	}
}
