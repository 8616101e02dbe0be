package main

import (
	"os"
	"path/filepath"
	"strings"
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
	serveFileLimitChild(t)
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	dir := t.TempDir()
	old, fresh := filepath.Join(dir, "keep.md"), filepath.Join(dir, "new.md")
	if err := os.WriteFile(old, []byte("what I had\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	// demo://readme is some 600 bytes: a limit of 100 cuts every write
	// of it (in a child process: see runUnderFileLimit).
	outForce, _, codeForce := runUnderFileLimit(t, 100, "exec", "--no-record", "--force", "--save", old, srv.MCPURL(), "read demo://readme")
	outNew, _, codeNew := runUnderFileLimit(t, 100, "exec", "--no-record", "--save", fresh, srv.MCPURL(), "read demo://readme")
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

// A --save --force over a file whose directory takes no file beside it
// (here a name too long for one) is written in place; when that write
// fails, the cut file is removed and the error says so: left, it passed
// for the resource.
func TestExecSaveInPlaceThatCannotWriteLeavesNoCutFile(t *testing.T) {
	serveFileLimitChild(t)
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	old := filepath.Join(t.TempDir(), strings.Repeat("k", 250))
	if err := os.WriteFile(old, []byte("what I had\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	out, _, code := runUnderFileLimit(t, 100, "exec", "--no-record", "--force", "--save", old, srv.MCPURL(), "read demo://readme")
	if _, err := os.Lstat(old); code != exitFailed || err == nil || !strings.Contains(out, "the incomplete one removed") {
		t.Errorf("--force in place, write failing: exit %d, cut file left: %v\n%s", code, err == nil, out)
	}
}
