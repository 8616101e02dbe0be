package main

import (
	"context"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// What reads exec's output goes away after the first lines (`| head -1`):
// exec stops sending, ends the server's session and closes its recording,
// says why and exits as a command killed by SIGPIPE would. It died of
// SIGPIPE at once, leaving a recording of its header alone and the
// session open.
func TestExecStopsWhenItsOutputCloses(t *testing.T) {
	dir := stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
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
	cmd.SetArgs([]string{"exec", srv.Endpoint(), "tools/list", "tools/list", "tools/call echo text=hi"})
	code := report(&errb, cmd.ExecuteContext(context.Background()))
	if code != exitOutputClosed {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitOutputClosed, errb.String())
	}
	if !strings.Contains(errb.String(), "its output was closed") || !strings.Contains(errb.String(), "recorded to ") {
		t.Errorf("stderr does not say why it stopped and where it recorded:\n%s", errb.String())
	}
	var lists, calls, deletes int
	for _, q := range srv.Requests() {
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
		t.Errorf("after its output closed exec went on sending: %d tools/list, %d tools/call", lists, calls)
	}
	if deletes != 1 {
		t.Errorf("the server's session was ended %d times, want once (DELETE)", deletes)
	}
	recs := readRecording(t, onlyRecording(t, dir))
	last := recs[len(recs)-1]
	if last.Kind != mcp.KindState || last.State.State != "closed" || last.State.Conn != 0 {
		t.Errorf("the recording does not end with the session's close: its last record is %+v", last)
	}
}
