package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
)

// A disk that fills up mid-session: a file size limit makes every write past
// 4 KiB fail (EFBIG) as a full disk would (ENOSPC), for this process only.
func TestExecSaysWhenTheRecordingIsIncomplete(t *testing.T) {
	url := startGateway(t, demo.Options{})
	path := filepath.Join(t.TempDir(), "s.jsonl")
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Skipf("no file size limit here: %v", err)
	}
	small := old
	small.Cur = 4096
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &small); err != nil {
		t.Skipf("cannot lower the file size limit: %v", err)
	}
	out, errOut, code := run(t, "exec", "--record", path, url, "tools/list")
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Fatal(err)
	}
	if code != exitFailed {
		t.Errorf("exit %d, want 1 for a recording that failed\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "the recording "+path+" is incomplete: recording: cannot write to "+path) ||
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
	url := startGateway(t, demo.Options{})
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
