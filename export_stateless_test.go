package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// exportStateless records exec sending commands to a 2026-07-28 fake,
// checks it exits with want, and returns the recording's export.
func exportStateless(t *testing.T, want int, commands ...string) string {
	t.Helper()
	stateDir(t)
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	rec := filepath.Join(t.TempDir(), "s.jsonl")
	args := append([]string{"exec", "--record", rec, srv.Endpoint()}, commands...)
	if _, errOut, code := run(t, args...); code != want {
		t.Fatalf("exec %q: exit %d, want %d: %s", commands, code, want, errOut)
	}
	out, errOut, code := run(t, "export", rec)
	if code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	return out
}

// A 2026-07-28 server answers a method it lacks (ping) with 404 and a
// JSON-RPC -32601 in the body, as the official Go SDK does. The transcript
// says that answer, and lists no problem "nothing answers at this URL:
// check the path" of a server that answered every other request at it.
func TestExportAnsweredRefusalIsNoProblem(t *testing.T) {
	out := exportStateless(t, exitFailed, "tools/list", "ping")
	if strings.Contains(out, "nothing answers") || strings.Contains(out, "### Problems") {
		t.Errorf("the transcript lists the answered 404 as a problem:\n%s", out)
	}
	if !strings.Contains(out, "-32601") {
		t.Errorf("the transcript does not say ping's answer (-32601):\n%s", out)
	}
}

// A 2026-07-28 session's listen stream, acknowledged and open until the
// session closed, is exported as closed with it: its heading said
// "pending", read as a request the server never answered, and then
// "listening", read as a stream still open after the session's end.
//
// exec opens the listen stream beside its command, not before it: on a
// busy machine tools/list was answered and the session closed before the
// stream was asked for, and the transcript rightly held no listen stream
// at all. Such a run says nothing here and is recorded again, up to five
// times in all.
func TestExportListenStreamClosedWithTheSession(t *testing.T) {
	var out string
	for try := 0; try < 5 && !strings.Contains(out, "subscriptions/listen"); try++ {
		out = exportStateless(t, exitOK, "tools/list")
	}
	if !strings.Contains(out, "`subscriptions/listen all lists`: closed") || strings.Contains(out, ": pending") || strings.Contains(out, "listening") {
		t.Errorf("the listen stream's heading does not say it closed with the session:\n%s", out)
	}
}
