package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answers a 2024-11-05 session with structuredContent, as
// server-everything does whatever version it negotiated: exec printed the
// answer with no word that the version agreed to has no such member.
func TestExecSaysStructuredContentIsNewerThanTheSession(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Versions: []string{"2024-11-05", "2025-06-18"}, Handle: mcptest.StructuredCalls})
	const note = "· the server answered tools/call with structuredContent, which 2025-06-18 brought, in a session that negotiated 2024-11-05"
	out, errOut, code := run(t, "exec", "--no-record", "--protocol", "2024-11-05", srv.Endpoint(), "tools/call echo text=x", "tools/call echo text=y")
	if code != exitOK || strings.Count(out, note) != 1 {
		t.Errorf("exit %d; want the note once:\n%s\n%s", code, out, errOut)
	}
	out, errOut, _ = run(t, "exec", "--no-record", "--protocol", "2025-06-18", srv.Endpoint(), "tools/call echo text=x")
	if strings.Contains(out+errOut, "structuredContent, which") {
		t.Errorf("a 2025-06-18 session was told structuredContent is newer than it:\n%s\n%s", out, errOut)
	}
}
