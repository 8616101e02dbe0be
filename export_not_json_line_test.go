package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A recording line that is not JSON is said as every bad JSON is: where
// (the line, and the byte in it, with the text there) and what JSON
// wanted, by export and sessions alike, not in Go's decoder words
// ("invalid character 'o' looking for beginning of object key string").
func TestExportAndSessionsSayWhereALineStopsBeingJSON(t *testing.T) {
	_, raw := copyRecording(t)
	lines := strings.SplitAfter(string(raw), "\n")
	damaged := strings.Join(lines[:5], "") + "{oops\n" + strings.Join(lines[5:], "")
	dir := stateDir(t)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "s.jsonl")
	if err := os.WriteFile(path, []byte(damaged), 0o600); err != nil {
		t.Fatal(err)
	}
	const want = "line 6 is not a record (it is not JSON: a key is not a string in double quotes at byte 1: {▶oops); skipped it"
	if _, errOut, code := run(t, "export", path, "--format", "md"); code != exitOK || !strings.Contains(errOut, want) || strings.Contains(errOut, "invalid character") {
		t.Errorf("export: exit %d, stderr lacks %q:\n%s", code, want, errOut)
	}
	t.Setenv("COLUMNS", "400") // the note whole, not cut at 80 columns
	if out, errOut, code := run(t, "sessions"); code != exitOK || !strings.Contains(out, "{▶oops") || strings.Contains(out, "invalid character") {
		t.Errorf("sessions: exit %d, want the line's place said:\n%s\n%s", code, out, errOut)
	}
}
