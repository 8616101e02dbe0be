package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/ui"
)

// toldReport is what a headless proxy says on stderr, and in its report,
// of its one recording, at path, whose Tee told it errs in turn.
func toldReport(path string, errs ...error) (said, report string, err error) {
	var errw bytes.Buffer
	s := &proxySessions{pf: &proxyFlags{}, errw: &errw}
	s.unlisted.Store(path, struct{}{}) // as recordStream does
	s.mu.Lock()
	s.noteRecorded(path, time.Now(), nil)
	s.mu.Unlock()
	told := s.recordingTold(0, path)
	for _, e := range errs {
		told(e)
	}
	var out bytes.Buffer
	err = s.report(&out, 0)
	return errw.String(), out.String(), err
}

// A disk that fell behind, then filled: the report lists the full disk
// beside the path and counts the recording once, as incomplete, not also
// as one that may be.
func TestProxyReportSaysTheFullDiskAfterASlowOne(t *testing.T) {
	path := "/rec/s0.jsonl"
	full := errors.New("recording: cannot write to " + path + ": no space left on device")
	said, report, err := toldReport(path, &history.Unanswered{Path: path, Wait: 2 * time.Second, Behind: true}, full)
	if !strings.Contains(said, "no space left on device") {
		t.Errorf("stderr does not say the full disk:\n%s", said)
	}
	if want := "1 recording is incomplete: records were not written"; !strings.Contains(report, want) {
		t.Errorf("the report lacks %q:\n%s", want, report)
	}
	if strings.Contains(report, "may be incomplete") {
		t.Errorf("the report still counts the recording as one that may be incomplete:\n%s", report)
	}
	if err == nil {
		t.Error("report returned no exit error for an incomplete recording")
	}
}

// A disk that fell behind and caught up (Tee ends with a caveat): the
// recording is listed as recorded, and the proxy exits 0.
func TestProxyReportSaysRecordedWhenTheDiskCaughtUp(t *testing.T) {
	path := "/rec/s0.jsonl"
	_, report, err := toldReport(path, &history.Unanswered{Path: path, Wait: 2 * time.Second, Behind: true}, &history.Caveat{})
	if err != nil {
		t.Errorf("report returned %v for a recording whose records are all written", err)
	}
	if strings.Contains(report, "incomplete") {
		t.Errorf("the report says incomplete of a whole recording:\n%s", report)
	}
}

// Records dropped: said once as they were, then the report lists the
// whole count beside the path, and counts the recording once.
func TestProxyReportSaysHowManyRecordsWereNotWritten(t *testing.T) {
	path := "/rec/s0.jsonl"
	said, report, err := toldReport(path, &history.NotWritten{Path: path, Records: 64, Bytes: 64 << 20}, &history.NotWritten{Path: path, Records: 71, Bytes: 71 << 20})
	if want := "mcpscope: recording to " + path + " is incomplete: 64 records"; !strings.HasPrefix(said, want) || strings.Count(said, "\n") != 1 {
		t.Errorf("stderr says %q, want once %q...", said, want)
	}
	for _, want := range []string{path + " (incomplete: 71 records (about 71.0 MiB) were not written: the disk did not answer within 2s, and the records waiting for it passed 64.0 MiB)\n", "1 recording is incomplete: records were not written"} {
		if !strings.Contains(report, want) {
			t.Errorf("the report lacks %q:\n%s", want, report)
		}
	}
	if err == nil {
		t.Error("report returned no exit error for an incomplete recording")
	}
}

// A disk that fell behind and caught up, under the TUI: the client's tab is
// told the records are whole after it was told the disk fell behind, where
// its bar said "the recording stopped keeping up" until quit.
func TestProxyTellsTheTabTheDiskCaughtUp(t *testing.T) {
	path := "/rec/s0.jsonl"
	var errw bytes.Buffer
	gone := make(chan struct{})
	defer close(gone)
	out := make(chan ui.Client, 4)
	s := &proxySessions{pf: &proxyFlags{}, errw: &errw, gone: gone, feed: newClientFeed(out, gone)}
	told := s.recordingTold(3, path)
	told(&history.Unanswered{Path: path, Wait: 2 * time.Second, Behind: true})
	told(&history.Caveat{})
	var last error
	for range 2 {
		select {
		case c := <-out:
			last = c.RecordingFailed
		case <-time.After(5 * time.Second):
			t.Fatalf("the tab was not told; last told %v", last)
		}
	}
	if _, ok := caveatOf(last); !ok {
		t.Errorf("the tab was last told %v, want that the records are whole", last)
	}
}
