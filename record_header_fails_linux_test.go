package main

import (
	"os"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A disk too full to take even a new recording's header line: exec refuses
// to start (no recording, no session), and the new file it made in the
// sessions directory is gone, not left as an empty file that mcpscope
// sessions listed as a recording ("is empty: it is not an mcpscope
// recording"). A file size limit of a few bytes, in a child process, makes
// the header's write fail as a full disk would.
func TestNoEmptyRecordingIsLeftWhenItsHeaderCannotBeWritten(t *testing.T) {
	serveFileLimitChild(t)
	dir := stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL
	_, errOut, code := runUnderFileLimit(t, 16, "exec", url, "tools/list")
	if code == 0 || !strings.Contains(errOut, "recording: cannot write to ") {
		t.Errorf("exit %d, stderr %q; want a failure saying the recording cannot be written", code, errOut)
	}
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("left in the sessions directory: %s", e.Name())
	}
	out, errOut, code := run(t, "sessions")
	if code != 0 || out != "" || !strings.Contains(errOut, "no recordings in") {
		t.Errorf("sessions: exit %d, stdout %q, stderr %q; want no recordings said on stderr, none listed", code, out, errOut)
	}
}
