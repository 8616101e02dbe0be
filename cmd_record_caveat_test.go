package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// A recording made unreadable while it was written (chmod) holds every
// record: exec says where it was recorded, and that it can no longer be
// read, and does not call it incomplete (which made exec exit 1 over a
// file whose records were whole). It was called fine, and the user learnt
// of it when replay was refused.
func TestRecordingReportSaysAFileMadeUnreadable(t *testing.T) {
	skipAsRoot(t)
	path := filepath.Join(t.TempDir(), "session.jsonl")
	in := make(chan []mcp.Record)
	f := &recordFlags{file: path}
	out, r, err := f.start(in, mcp.Config{URL: "http://127.0.0.1:1/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o200); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(path, 0o600)
	close(in)
	for range out {
	}
	var w strings.Builder
	if err := r.report(&w, false, 0); err != nil {
		t.Errorf("report() = %v, want no failure: the records are whole", err)
	}
	want := "recorded to " + path + "\n  note: the records are in " + path + ", but it can no longer be read by you"
	if !strings.HasPrefix(w.String(), want) {
		t.Errorf("report wrote %q, want it to begin %q", w.String(), want)
	}
}

// The proxy says a session's recording made unreadable as it closes, and
// does not count it incomplete (which made the proxy exit 1): its records
// are whole.
func TestProxySaysARecordingMadeUnreadable(t *testing.T) {
	skipAsRoot(t)
	path := filepath.Join(t.TempDir(), "s1.jsonl")
	rec, err := history.Create(path, history.Header{URL: "http://127.0.0.1:1/mcp"}, history.RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o200); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(path, 0o600)
	var errw bytes.Buffer
	s := &proxySessions{pf: &proxyFlags{}, errw: &errw}
	s.unlisted.Store(path, struct{}{}) // as recordStream does
	s.recordFailed(1, path, rec.Close())
	s.mu.Lock()
	s.noteRecorded(path, time.Now(), nil)
	s.mu.Unlock()
	var out bytes.Buffer
	if err := s.report(&out, 0); err != nil || strings.Contains(out.String(), "incomplete") {
		t.Errorf("report (err %v) calls a recording whose records are whole incomplete:\n%s", err, out.String())
	}
	// The notice is gone with the TUI that showed it: the report says it
	// beside the path.
	if want := "  " + path + " (note: the records are in " + path + ", but it can no longer be read by you"; !strings.Contains(out.String(), want) {
		t.Errorf("the report does not say %s can no longer be read beside it; want %q in:\n%s", path, want, out.String())
	}
	if !strings.Contains(errw.String(), "can no longer be read by you") {
		t.Errorf("the proxy did not say %s can no longer be read; it said:\n%s", path, errw.String())
	}
}

// skipAsRoot skips a test of a file made unreadable: root reads it anyway.
func skipAsRoot(t *testing.T) {
	t.Helper()
	if os.Geteuid() == 0 {
		t.Skip("root reads a file whatever its permissions")
	}
}
