package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// last is the recording written to last, not the one begun last: an exec
// run while a TUI session was open began after it and ended before it,
// and export last took the exec's recording in place of the session the
// user had just quit.
func TestLastIsTheRecordingWrittenToLast(t *testing.T) {
	dir := stateDir(t)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	start := time.Now().Add(-time.Hour).Truncate(time.Second)
	write := func(name string, from, to time.Duration) string {
		path := filepath.Join(dir, name)
		h := history.Header{MCPScope: "test", URL: "http://127.0.0.1:9/" + name, Transport: mcp.TransportStreamable, Started: start.Add(from), Host: "127.0.0.1:9"}
		rec, err := history.Create(path, h, history.RecordOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for i, at := range []time.Duration{from, to} {
			state := []string{mcp.StateInitialized, mcp.StateClosed}[i]
			if err := rec.Write(mcp.Record{Seq: int64(i + 1), Time: start.Add(at), Kind: mcp.KindState, State: &mcp.StateChange{State: state}}); err != nil {
				t.Fatal(err)
			}
		}
		if err := rec.Close(); err != nil {
			t.Fatal(err)
		}
		return path
	}
	tui := write("tui.jsonl", 0, 10*time.Minute)
	write("exec.jsonl", 2*time.Minute, 3*time.Minute)
	out, errOut, code := run(t, "export", "last")
	if code != exitOK || !strings.Contains(errOut, "note: last is "+tui+", the recording written to last") || !strings.Contains(out, "tui.jsonl") {
		t.Errorf("export last: exit %d, stderr %q, stdout %.200q; want the TUI session's recording", code, errOut, out)
	}
}
