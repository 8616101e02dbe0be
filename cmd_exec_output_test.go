package main

import (
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
	code, stderr := runIntoClosedOutput(t, "exec", srv.Endpoint(), "tools/list", "tools/list", "tools/call echo text=hi")
	if code != exitOutputClosed {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitOutputClosed, stderr)
	}
	if !strings.Contains(stderr, "its output was closed") || !strings.Contains(stderr, "recorded to ") {
		t.Errorf("stderr does not say why it stopped and where it recorded:\n%s", stderr)
	}
	lists, calls, deletes := sentAfter(srv, 0)
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
