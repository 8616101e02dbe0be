package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
)

// A recording whose close the disk did not answer (history.Tee gave up on
// it) is said as what it is at the end of exec and the TUI: it may be
// incomplete, and why; never "recorded to", and not said twice, once as a
// failure mid-session and once at the end. The exit is a failure, as for
// any recording that may lack records.
func TestRecordingReportSaysTheDiskDidNotAnswer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	rec, err := history.Create(path, history.Header{URL: "http://127.0.0.1:1/mcp", Transport: "streamable"}, history.RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Close()
	r := &recording{rec: rec, failed: make(chan error, 1)}
	r.fail(&history.Unanswered{Path: path, Wait: 2 * time.Second})
	for _, replayHint := range []bool{true, false} {
		var out strings.Builder
		if err := r.report(&out, replayHint, 0); err == nil {
			t.Errorf("report (replay hint %v) returned no error for a recording that may be incomplete", replayHint)
		}
		got := out.String()
		want := "recording to " + path + " may be incomplete: the disk did not answer within 2s\n"
		if got != want {
			t.Errorf("report (replay hint %v) says %q, want %q", replayHint, got, want)
		}
	}
}
