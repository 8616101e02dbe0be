package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
)

// A disk too full to take even a new recording's header line: exec refuses
// to start (no recording, no session), and the new file it made in the
// sessions directory is gone, not left as an empty file that mcpscope
// sessions listed as a recording ("is empty: it is not an mcpscope
// recording"). A file size limit of a few bytes, in a child process, makes
// the header's write fail as a full disk would.
func TestNoEmptyRecordingIsLeftWhenItsHeaderCannotBeWritten(t *testing.T) {
	if args := os.Getenv("MCPSCOPE_TEST_FSIZE_HEADER"); args != "" {
		tiny := syscall.Rlimit{Cur: 16, Max: 16}
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &tiny); err != nil {
			t.Skipf("cannot lower the file size limit: %v", err)
		}
		out, errOut, code := run(t, strings.Split(args, "\n")...)
		fmt.Fprintf(os.Stdout, "%s\x00%s\x00%d", out, errOut, code)
		os.Exit(0)
	}
	dir := stateDir(t)
	url := startGateway(t, demo.Options{})
	child := exec.Command(os.Args[0], "-test.run=^TestNoEmptyRecordingIsLeftWhenItsHeaderCannotBeWritten$")
	child.Env = append(os.Environ(), "MCPSCOPE_TEST_FSIZE_HEADER="+strings.Join([]string{"exec", url, "tools/list"}, "\n"))
	raw, err := child.Output()
	if err != nil {
		t.Fatalf("the child: %v", err)
	}
	parts := strings.SplitN(string(raw), "\x00", 3)
	if len(parts) != 3 {
		t.Skipf("the child did not run exec (no file size limit here?): %q", raw)
	}
	errOut := parts[1]
	if parts[2] == "0" || !strings.Contains(errOut, "recording: cannot write to ") {
		t.Errorf("exit %s, stderr %q; want a failure saying the recording cannot be written", parts[2], errOut)
	}
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("left in the sessions directory: %s", e.Name())
	}
	out, _, code := run(t, "sessions")
	if code != 0 || !strings.Contains(out, "no recordings in") {
		t.Errorf("sessions: exit %d, %q; want no recordings", code, out)
	}
}
