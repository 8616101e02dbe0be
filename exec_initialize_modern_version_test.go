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

// A later date than any revision mcpscope knows is said to be unknown, not
// "a stateless revision": 2099-01-01 is none.
func TestExecSaysAFutureInitializeVersionIsUnknown(t *testing.T) {
	out, errOut, _ := run(t, "exec", "--no-record", settlingOn(t, "2099-01-01", "ahead"), "tools/list")
	if !strings.Contains(out, "protocol 2099-01-01 (not a version mcpscope knows or offered (it offered 2025-11-25), dated after 2026-07-28") || strings.Contains(out, "a stateless revision") {
		t.Errorf("an initialize answer of 2099-01-01:\n%s\n%s", out, errOut)
	}
}
