package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The disk fills while export -o replaces an earlier transcript: the
// earlier one stays whole, with its mode, and no temporary file is left
// beside it (one writer for --save, export -o and the command history,
// one policy: the old file is kept unless the new one is complete).
func TestExportOverAFileItCouldNotFinishKeepsTheOldOne(t *testing.T) {
	serveFileLimitChild(t)
	path, _ := copyRecording(t)
	dir := t.TempDir()
	output := filepath.Join(dir, "session.md")
	if err := os.WriteFile(output, []byte("the earlier transcript\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runUnderFileLimit(t, 2048, "export", path, "-o", output)
	if code != exitFailed || !strings.Contains(errOut, output+" keeps what it held") {
		t.Errorf("export -o over a file, write failing: exit %d, stderr %q; want exit 1 saying the file keeps what it held", code, errOut)
	}
	if b, err := os.ReadFile(output); string(b) != "the earlier transcript\n" {
		t.Errorf("the earlier transcript is now %q (%v), want it whole", b, err)
	}
	if fi, err := os.Stat(output); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("the kept file's mode: %v %v, want 0640", fi.Mode(), err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("temporary files left behind: %q", left)
	}
}
