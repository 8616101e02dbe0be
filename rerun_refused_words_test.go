package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A request the recorded server refused with an HTTP status (the demo's
// /mcp answers a method it lacks with 400 and a line of text) and the live
// one answers (its /stateless, with -32601) shows in the diff what the
// refusal said, where "- HTTP 400" alone hid it beside the live answer.
func TestRerunDiffSaysWhatARefusalSaid(t *testing.T) {
	stateDir(t)
	srv := demotest.Start(t, demo.Options{})
	rec := filepath.Join(t.TempDir(), "s.jsonl")
	if _, errOut, code := run(t, "exec", "--record", rec, srv.MCPURL(), "nosuch/method"); code != exitFailed {
		t.Fatalf("exec: exit %d, want %d: %s", code, exitFailed, errOut)
	}
	out, errOut, code := run(t, "replay", rec, "--against", srv.URL+"/stateless")
	want := `- HTTP 400 Bad Request: JSON RPC not handled: "nosuch/method" unsupported`
	if code != exitFailed || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %d and %q:\n%s\n%s", code, exitFailed, want, out, errOut)
	}
}
