package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that exits right after its initialize answer refuses the
// connection notifications/initialized would go on: that message was
// never posted, and the export said only "post-failed" and "POST no
// answer", read as a POST the server got and failed on. It says the
// message was not sent, for want of a connection.
func TestExportSaysAMessageRefusedAConnectionWasNotSent(t *testing.T) {
	rec := recordedNotSent(t)
	out, errOut, code := run(t, "export", rec)
	if code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "`notifications/initialized`: post-failed (not sent: could not connect)") ||
		!strings.Contains(out, "POST not sent: could not connect after") || strings.Contains(out, "POST no answer") {
		t.Errorf("the export does not say notifications/initialized was never sent:\n%s", out)
	}
}

// recordedNotSent is the recording of exec against a server that exits
// right after its initialize answer: notifications/initialized is never
// sent, no connection being made for it.
func recordedNotSent(t *testing.T) string {
	t.Helper()
	stateDir(t)
	srv := mcptest.GoneAfterInitialize(t)
	rec := filepath.Join(t.TempDir(), "s.jsonl")
	if _, errOut, code := run(t, "exec", "--record", rec, "--transport", "streamable", srv.URL+"/mcp", "tools/list"); code == exitOK {
		t.Fatalf("exec against a server gone after initialize succeeded: %s", errOut)
	}
	return rec
}
