package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026-07-28 server answers a method it lacks (ping) with 404 and a
// JSON-RPC -32601 in the body, as the official Go SDK does. The transcript
// says that answer, and lists no problem "nothing answers at this URL:
// check the path" of a server that answered every other request at it.
func TestExportAnsweredRefusalIsNoProblem(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	rec := filepath.Join(t.TempDir(), "s.jsonl")
	if _, errOut, code := run(t, "exec", "--record", rec, srv.Endpoint(), "tools/list", "ping"); code != exitFailed {
		t.Fatalf("exec ping on a 2026-07-28 server: exit %d, want %d: %s", code, exitFailed, errOut)
	}
	out, errOut, code := run(t, "export", rec)
	if code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	if strings.Contains(out, "nothing answers") || strings.Contains(out, "### Problems") {
		t.Errorf("the transcript lists the answered 404 as a problem:\n%s", out)
	}
	if !strings.Contains(out, "-32601") {
		t.Errorf("the transcript does not say ping's answer (-32601):\n%s", out)
	}
}
