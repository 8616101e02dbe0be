package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// Recordings that fail after they dropped off the last listedPaths are
// counted as incomplete, but no path is kept for them: a proxy serving
// thousands of sessions held every such path until it stopped. One that
// fails before it is listed is still named incomplete in the report.
func TestProxyFailedRecordingsStayBounded(t *testing.T) {
	var errw bytes.Buffer
	s := &proxySessions{pf: &proxyFlags{}, errw: &errw}
	const n = 500
	start := time.Now()
	full := errors.New("no space left on device")
	for i := range n {
		path := fmt.Sprintf("/rec/s%d.jsonl", i)
		s.unlisted.Store(path, struct{}{}) // as recordStream does
		if i == n-1 {
			s.recordFailed(i, path, full) // before it is listed
		}
		s.mu.Lock()
		s.noteRecorded(path, start.Add(time.Duration(i)), nil)
		s.mu.Unlock()
		if i >= listedPaths && i < n-1 {
			// The one that just dropped off the list fails now.
			s.recordFailed(i, fmt.Sprintf("/rec/s%d.jsonl", i-listedPaths), full)
		}
	}
	if len(s.failed) > listedPaths {
		t.Errorf("%d failed recordings held, want at most the %d listed", len(s.failed), listedPaths)
	}
	var out bytes.Buffer
	err := s.report(&out, 0)
	report := out.String()
	want := fmt.Sprintf("%d recordings are incomplete", n-listedPaths)
	if err == nil || !strings.Contains(report, want) {
		t.Errorf("report (err %v) does not say %q:\n%s", err, want, report)
	}
	if last := fmt.Sprintf("/rec/s%d.jsonl (incomplete: no space left on device)", n-1); !strings.Contains(report, last) {
		t.Errorf("report does not name the recording that failed before it was listed (%s):\n%s", last, report)
	}
	if strings.Count(report, "(incomplete") != 1 {
		t.Errorf("report names other recordings incomplete than the one listed that failed:\n%s", report)
	}
}
