package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
)

// newTestRecording is a recording at a file of its own, as start makes it.
func newTestRecording(t *testing.T) (*recording, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "s.jsonl")
	rec, err := history.Create(path, history.Header{URL: "http://127.0.0.1:1/mcp", Transport: "streamable"}, history.RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rec.Close() })
	return &recording{rec: rec, failed: make(chan error, 1)}, path
}

// tell passes errs to told as Tee would, failing the test if that waits
// (the screen reads the latest when it can, never holding Tee up).
func tell(t *testing.T, told func(error), errs ...error) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, err := range errs {
			told(err)
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("telling the recording a second error waited for a screen that had not read the first")
	}
}

// A disk that fell behind and then filled: the quit line says the full
// disk, why the recording is incomplete, and the screen is told of it, not
// only that the recording stopped keeping up.
func TestRecordingReportSaysTheFullDiskAfterASlowOne(t *testing.T) {
	r, path := newTestRecording(t)
	full := errors.New("recording: cannot write to " + path + ": no space left on device; the records before are kept, the rest of the session is not recorded")
	tell(t, r.told(nil), &history.Unanswered{Path: path, Wait: 2 * time.Second, Behind: true}, full)
	select {
	case err := <-r.Failed():
		if err != full {
			t.Errorf("the screen was told %v, want the full disk", err)
		}
	default:
		t.Error("the screen was told nothing")
	}
	var out strings.Builder
	if r.report(&out, true, 0) == nil {
		t.Error("report returned no error for an incomplete recording")
	}
	if got := out.String(); !strings.Contains(got, "no space left on device") || strings.Contains(got, "may be incomplete") {
		t.Errorf("the quit line says %q, want the full disk, not a maybe", got)
	}
}

// A disk that fell behind and caught up, the records whole (Tee ends with a
// caveat): "recorded to" and a clean exit, where it said "may be
// incomplete" and failed.
func TestRecordingReportSaysRecordedWhenTheDiskCaughtUp(t *testing.T) {
	r, path := newTestRecording(t)
	tell(t, r.told(nil), &history.Unanswered{Path: path, Wait: 2 * time.Second, Behind: true}, &history.Caveat{})
	var out strings.Builder
	if err := r.report(&out, false, 0); err != nil {
		t.Errorf("report returned %v for a recording whose records are all written", err)
	}
	if want := "recorded to " + path + "\n"; !strings.HasPrefix(out.String(), want) {
		t.Errorf("report says %q, want %q...", out.String(), want)
	}
}

// A disk that fell behind and caught up: the screen, told it stopped keeping
// up, is told the records are whole, where its bar said "stopped keeping
// up" until quit.
func TestRecordingTellsTheScreenTheDiskCaughtUp(t *testing.T) {
	r, path := newTestRecording(t)
	tell(t, r.told(nil), &history.Unanswered{Path: path, Wait: 2 * time.Second, Behind: true}, &history.Caveat{})
	select {
	case err := <-r.Failed():
		if _, ok := caveatOf(err); !ok {
			t.Errorf("the screen was last told %v, want that the records are whole", err)
		}
	default:
		t.Error("the screen was told nothing")
	}
}

// Records dropped past the bound: said once mid-session, and at the end
// with the whole count, in the words history.NotWritten has: incomplete,
// by how much, never "may be".
func TestRecordingReportSaysHowManyRecordsWereNotWritten(t *testing.T) {
	r, path := newTestRecording(t)
	var heard []error
	first := &history.NotWritten{Path: path, Records: 64, Bytes: 64 << 20}
	last := &history.NotWritten{Path: path, Records: 71, Bytes: 71 << 20}
	tell(t, r.told(func(err error) { heard = append(heard, err) }), first, last)
	if len(heard) != 1 || heard[0] != first {
		t.Errorf("mid-session the user heard %v, want the drop once", heard)
	}
	var out strings.Builder
	if r.report(&out, true, 0) == nil {
		t.Error("report returned no error for an incomplete recording")
	}
	want := "recording to " + path + " is incomplete: 71 records (about 71.0 MiB) were not written: the disk did not answer within 2s, and the records waiting for it passed 64.0 MiB\n"
	if got := out.String(); got != want {
		t.Errorf("the quit line says %q, want %q", got, want)
	}
}
