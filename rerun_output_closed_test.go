package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// What reads replay --against's output goes away (`| head -1`): the
// re-run stops sending, ends the server's session, says why and exits as
// exec does (141). It re-ran every request for no reader, printed nothing
// on stderr and exited 0, as if every answer had been read and matched.
func TestRerunStopsWhenItsOutputCloses(t *testing.T) {
	dir := stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	rec := filepath.Join(dir, "three.jsonl")
	if _, errOut, code := run(t, "exec", "--record", rec, srv.Endpoint(), "tools/list", "tools/list", "tools/call echo text=hi"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	before := len(srv.Requests())
	code, stderr := runIntoClosedOutput(t, "replay", rec, "--against", srv.Endpoint())
	if code != exitOutputClosed {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitOutputClosed, stderr)
	}
	if !strings.Contains(stderr, "its output was closed") {
		t.Errorf("stderr does not say why it stopped:\n%s", stderr)
	}
	lists, calls, deletes := sentAfter(srv, before)
	if lists > 1 || calls != 0 {
		t.Errorf("after its output closed the re-run went on sending: %d tools/list, %d tools/call", lists, calls)
	}
	if deletes == 0 {
		t.Errorf("the server's session was not ended (no DELETE)")
	}
}
