package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A --save whose write fails (here a file size limit, as a full disk
// does) says so with the flag and the file, leaves no cut file behind,
// and with --force leaves the file it was to replace as it was: before,
// the old file was emptied first and a cut one left in its place.
func TestExecSaveThatCannotWriteLosesNothing(t *testing.T) {
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	dir := t.TempDir()
	old, fresh := filepath.Join(dir, "keep.md"), filepath.Join(dir, "new.md")
	if err := os.WriteFile(old, []byte("what I had\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	// demo://readme is some 600 bytes: a limit of 100 cuts every write
	// of it. Go ignores SIGXFSZ, so the write fails with EFBIG.
	var was syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &was); err != nil {
		t.Skip("no file size limit here:", err)
	}
	limit := syscall.Rlimit{Cur: 100, Max: was.Max}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		t.Skip("cannot set a file size limit:", err)
	}
	outForce, _, codeForce := run(t, "exec", "--no-record", "--force", "--save", old, srv.MCPURL(), "read demo://readme")
	outNew, _, codeNew := run(t, "exec", "--no-record", "--save", fresh, srv.MCPURL(), "read demo://readme")
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &was); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(old); codeForce != exitFailed || string(b) != "what I had\n" || !strings.Contains(outForce, "--save "+old+": writing") || !strings.Contains(outForce, "the file keeps what it held") {
		t.Errorf("--force over a file, write failing: exit %d, file now %q\n%s", codeForce, b, outForce)
	}
	if fi, err := os.Stat(old); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("the kept file's mode changed: %v %v", fi.Mode(), err)
	}
	if _, err := os.Stat(fresh); codeNew != exitFailed || err == nil || !strings.Contains(outNew, "--save "+fresh+": writing") || !strings.Contains(outNew, "nothing was saved") {
		t.Errorf("a new file, write failing: exit %d, left behind: %v\n%s", codeNew, err == nil, outNew)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %q", left)
	}
}
