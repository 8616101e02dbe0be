package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026-07-28 session's listen stream, acknowledged and open until the
// session closed, is exported as listening: its heading said "pending",
// read as a request the server never answered.
func TestExportListenStreamIsListening(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	rec := filepath.Join(t.TempDir(), "s.jsonl")
	recordedExec(t, rec, srv.Endpoint(), "tools/list")
	out, errOut, code := run(t, "export", rec)
	if code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "`subscriptions/listen`: listening") || strings.Contains(out, ": pending") {
		t.Errorf("the listen stream's heading does not say listening:\n%s", out)
	}
}
