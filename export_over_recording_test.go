package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// `export a.jsonl -o b.jsonl`, b another recording (a slip of the tab key
// in the sessions directory), replaced that session with a transcript
// without a word, where --record refuses to without --force. It is refused
// and b is left as it was; an -o that is any other file is still replaced.
func TestExportRefusesToWriteOverAnotherRecording(t *testing.T) {
	stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	recordedExec(t, a, url, "ping")
	before := recordedExec(t, b, url, "ping")
	_, errOut, code := run(t, "export", a, "-o", b)
	if code != exitUsage || !strings.Contains(errOut, b+" is a recording of another session") {
		t.Errorf("export over another recording: exit %d, stderr %q; want 2 and the file named", code, errOut)
	}
	if after, _ := os.ReadFile(b); string(after) != string(before) {
		t.Errorf("the refused export changed the other recording:\n%s", after)
	}

	notes := filepath.Join(dir, "notes.md")
	if err := os.WriteFile(notes, []byte("old notes\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := run(t, "export", a, "-o", notes); code != exitOK {
		t.Fatalf("export over a file that is no recording: exit %d: %s", code, errOut)
	}
	if got, _ := os.ReadFile(notes); !strings.HasPrefix(string(got), "# mcpscope session") {
		t.Errorf("an -o that is no recording was not replaced by the transcript:\n%s", got)
	}
}

// A recording a newer mcpscope wrote (a format version this one does not
// read) is a recording all the same: export -o refuses to write over it,
// where it was replaced by the transcript without a word.
func TestExportRefusesToWriteOverANewerRecording(t *testing.T) {
	stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	recordedExec(t, a, url, "ping")
	recorded := string(recordedExec(t, b, url, "ping"))
	before := strings.Replace(recorded, `"version":2,`, `"version":99,`, 1)
	if before == recorded {
		t.Fatalf("no version in the header:\n%s", recorded)
	}
	if err := os.WriteFile(b, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := run(t, "export", a, "-o", b)
	if code != exitUsage || !strings.Contains(errOut, b+" is a recording of another session") {
		t.Errorf("export over a newer recording: exit %d, stderr %q; want 2 and the file named", code, errOut)
	}
	if after, _ := os.ReadFile(b); string(after) != before {
		t.Errorf("the refused export changed the newer recording:\n%s", after)
	}
}
