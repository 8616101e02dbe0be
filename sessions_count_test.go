package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The sessions listing counts its recordings in English: "1 recording",
// not "1 recordings".
func TestSessionsCountsOneRecording(t *testing.T) {
	dir := stateDir(t)
	if _, errOut, code := run(t, "exec", demotest.Start(t, demo.Options{}).URL, "ping"); code != exitOK {
		t.Fatalf("recording a session: exit %d %s", code, errOut)
	}
	out, errOut, code := run(t, "sessions")
	if code != exitOK || !strings.Contains(out, "\n1 recording in "+dir) {
		t.Errorf("exit %d, %q %q; want it to end with 1 recording in %s", code, out, errOut, dir)
	}
}
