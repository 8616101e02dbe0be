package main

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
)

// A recording whose close the disk did not answer as the proxy stopped
// (ctrl+c of proxy --headless) is said as what it is: it may be
// incomplete, and why, beside its path, not "incomplete: a write failed"
// nor listed as recorded; the exit is a failure all the same.
func TestProxyReportSaysTheDiskDidNotAnswer(t *testing.T) {
	path := "/rec/s0.jsonl"
	said, report, err := unansweredReport(path, false)
	if want := "mcpscope: recording to " + path + " may be incomplete: the disk did not answer within 2s\n"; said != want {
		t.Errorf("stderr says %q, want %q", said, want)
	}
	for _, want := range []string{path + " (may be incomplete: the disk did not answer within 2s)\n", "1 recording may be incomplete: the disk did not answer in time, so what reached it is not known\n"} {
		if !strings.Contains(report, want) {
			t.Errorf("the report lacks %q:\n%s", want, report)
		}
	}
	if strings.Contains(report, "a write failed") {
		t.Errorf("the report says a write failed, which nothing said:\n%s", report)
	}
	if err == nil {
		t.Errorf("report returned no exit error for a recording that may be incomplete")
	}
}

// A recording whose disk stopped answering mid-session (Behind) is counted
// with those whose close went unanswered, and the report's words hold for
// both: they said "as the proxy stopped", which it did not for this one.
func TestProxyReportSaysADiskBehindWithoutSayingWhen(t *testing.T) {
	_, report, err := unansweredReport("/rec/s0.jsonl", true)
	if err == nil {
		t.Errorf("report returned no exit error for a recording that may be incomplete")
	}
	if want := "1 recording may be incomplete: the disk did not answer in time"; !strings.Contains(report, want) {
		t.Errorf("the report lacks %q:\n%s", want, report)
	}
	if strings.Contains(report, "as the proxy stopped") {
		t.Errorf("the report says the disk failed as the proxy stopped, of a recording that fell behind mid-session:\n%s", report)
	}
}

// unansweredReport is what a headless proxy says on stderr, and in its
// report, of its one recording, at path, whose disk did not answer
// (behind: mid-session), and the report's error.
func unansweredReport(path string, behind bool) (said, report string, err error) {
	return toldReport(path, &history.Unanswered{Path: path, Wait: 2 * time.Second, Behind: behind})
}
