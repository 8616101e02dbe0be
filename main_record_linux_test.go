package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A disk that fills up mid-session: a file size limit (in a child process,
// see runUnderFileLimit) makes every write past 4 KiB fail as on a full disk.
func TestExecSaysWhenTheRecordingIsIncomplete(t *testing.T) {
	serveFileLimitChild(t)
	url := demotest.Start(t, demo.Options{}).URL
	path := filepath.Join(t.TempDir(), "s.jsonl")
	out, errOut, code := runUnderFileLimit(t, 4096, "exec", "--record", path, url, "tools/list")
	if code != exitFailed {
		t.Errorf("exit %d, want 1 for a recording that failed\n%s\n%s", code, out, errOut)
	}
	// The path has a line of its own, whole from its start (sayPathBelow).
	if !strings.Contains(errOut, "the recording is incomplete (recording: cannot write to "+path) ||
		!strings.Contains(errOut, "):\n  "+path+"\n") ||
		strings.Contains(errOut, "recorded to") {
		t.Errorf("stderr does not say the recording is incomplete and why:\n%s", errOut)
	}
	if !strings.Contains(out, "── tools/list") {
		t.Errorf("the answers were not printed:\n%s", out)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() > 4096 {
		t.Errorf("recording %v %v", fi, err)
	}
}

func TestSecondRecorderToTheSameFileIsRefused(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).URL
	path := filepath.Join(t.TempDir(), "s.jsonl")
	rf := &recordFlags{file: path}
	in := make(chan []mcp.Record)
	out, _, err := rf.start(in, mcp.Config{URL: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		close(in)
		for range out {
		}
	}()
	_, errOut, code := run(t, "exec", "--record", path, url, "tools/list")
	if code != exitUsage || !strings.Contains(errOut, "another mcpscope is already recording to "+path) {
		t.Errorf("exit %d, stderr %q: want 2 and the file named", code, errOut)
	}
	if raw, _ := os.ReadFile(path); !strings.HasPrefix(string(raw), `{"format":"mcpscope-session"`) || strings.Count(string(raw), "\n") != 1 {
		t.Errorf("the first recording was disturbed:\n%s", raw)
	}
}

// A recording named on the command line that is a FIFO (or a device, or a
// directory) is refused at once, saying what it is: opening a FIFO used to
// wait for the other end forever, so export, replay, replay --against and
// exec --record hung in front of the user.
func TestARecordingThatIsAFIFOIsRefusedNotHung(t *testing.T) {
	stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL
	fifo := filepath.Join(t.TempDir(), "s.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	for _, args := range [][]string{
		{"export", "--format", "md", fifo},
		{"replay", "--against", url, fifo},
		{"exec", "--record", fifo, url, "ping"},
	} {
		done := make(chan struct{})
		var errOut string
		var code int
		go func() {
			defer close(done)
			_, errOut, code = run(t, args...)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s hung on a FIFO", strings.Join(args, " "))
		}
		if code == exitOK || !strings.Contains(errOut, "is a named pipe, not a regular file") {
			t.Errorf("%s on a FIFO: exit %d, stderr %q; want it refused, saying what it is", args[0], code, errOut)
		}
	}
}
