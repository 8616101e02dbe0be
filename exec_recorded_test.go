package main

import (
	"os"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// recordedExec runs `mcpscope exec --record path url requests...`, fails
// the test unless it exits 0, and returns the recording it wrote.
func recordedExec(t *testing.T, path, url string, requests ...string) []byte {
	t.Helper()
	args := append([]string{"exec", "--record", path, url}, requests...)
	if _, errOut, code := run(t, args...); code != exitOK {
		t.Fatalf("recording %s: exit %d: %s", path, code, errOut)
	}
	rec, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// oneSessionRecorded points recordings at a temporary state directory,
// records one session there (a ping to the demo gateway, with exec) and
// returns the directory's sessions folder, as stateDir does.
func oneSessionRecorded(t *testing.T) string {
	t.Helper()
	dir := stateDir(t)
	if _, errOut, code := run(t, "exec", demotest.Start(t, demo.Options{}).URL, "ping"); code != exitOK {
		t.Fatalf("recording a session: exit %d %s", code, errOut)
	}
	return dir
}
