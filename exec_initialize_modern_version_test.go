package main

import (
	"strings"
	"testing"
)

// An initialize answer that settles on the stateless revision (2026-07-28,
// which has no initialize, and which mcpscope did not offer) is said to,
// as an unknown version is: it went by as a plain "protocol 2026-07-28",
// while every later request told the server the session was stateless.
func TestExecSaysInitializeChoseTheStatelessRevision(t *testing.T) {
	out, errOut, code := run(t, "exec", "--no-record", settlingOn(t, "2026-07-28", "ahead"), "tools/list")
	if code != exitOK || !strings.Contains(out, "protocol 2026-07-28 (a stateless revision, which has no initialize, not a version mcpscope offered (it offered 2025-11-25)") {
		t.Errorf("exit %d, want the version marked as the stateless revision, never offered\n%s\n%s", code, out, errOut)
	}
}
