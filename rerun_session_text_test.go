package main

import (
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool whose text names the session it ran in ("updates for session
// 1f…", as server-everything's toggle-subscriber-updates says) re-runs as
// the same: the recorded session's id is read as the live one's, where the
// report called it different for the session id alone. A real change
// beside it is still reported.
func TestRerunReadsTheRecordedSessionIDAsTheLiveOne(t *testing.T) {
	stateDir(t)
	var say atomic.Value // the server's handler reads it as the test changes it
	say.Store("on")
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != "tools/call" || x.Session == nil {
			x.Default()
			return
		}
		x.Result(map[string]any{"content": []map[string]any{{"type": "text",
			"text": "updates " + say.Load().(string) + " for session " + x.Session.ID + " every 5s"}}})
	}})
	rec := filepath.Join(t.TempDir(), "s.jsonl")
	if _, errOut, code := run(t, "exec", "--record", rec, srv.Endpoint(), "tools/call toggle"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	out, errOut, code := run(t, "replay", rec, "--against", srv.Endpoint())
	if code != exitOK || !strings.Contains(out, "same        tools/call toggle") {
		t.Errorf("re-run of a text naming its session: exit %d, want %d, the call the same:\n%s\n%s", code, exitOK, out, errOut)
	}
	say.Store("off")
	out, errOut, code = run(t, "replay", rec, "--against", srv.Endpoint())
	if code != exitFailed || !strings.Contains(out, `"updates on for session`) || !strings.Contains(out, `"updates off for session`) {
		t.Errorf("re-run of a text that changed beside its session id: exit %d, want %d and the change:\n%s\n%s", code, exitFailed, out, errOut)
	}
}
