package main

import (
	"context"
	"net/http"
	"os"
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
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	defer w.Close()
	cmd := newRootCmd()
	var errb strings.Builder
	cmd.SetOut(w)
	cmd.SetErr(&errb)
	cmd.SetArgs([]string{"replay", rec, "--against", srv.Endpoint()})
	code := report(&errb, cmd.ExecuteContext(context.Background()))
	if code != exitOutputClosed {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitOutputClosed, errb.String())
	}
	if !strings.Contains(errb.String(), "its output was closed") {
		t.Errorf("stderr does not say why it stopped:\n%s", errb.String())
	}
	var lists, calls, deletes int
	for _, q := range srv.Requests()[before:] {
		switch {
		case q.Is("tools/list"):
			lists++
		case q.Is("tools/call"):
			calls++
		case q.Method == http.MethodDelete:
			deletes++
		}
	}
	if lists > 1 || calls != 0 {
		t.Errorf("after its output closed the re-run went on sending: %d tools/list, %d tools/call", lists, calls)
	}
	if deletes == 0 {
		t.Errorf("the server's session was not ended (no DELETE)")
	}
}
