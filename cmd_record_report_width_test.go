package main

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// The quit lines of an incomplete recording (its file removed while it was
// written, a disk that never answered) are wrapped at the terminal's width
// between words: the terminal broke them mid-word ("the records a|re
// gone"). Only the path, what the user copies, may be wider.
func TestRecordingReportFailureWrapsAtTheWidth(t *testing.T) {
	for _, tell := range []func(r *recording, path string){
		func(r *recording, path string) {
			r.fail(errors.New("recording: " + path + " was removed while it was written; the records are gone"))
		},
		func(r *recording, path string) {
			r.fail(&history.NotWritten{Path: path, Records: 3, Bytes: 1 << 20})
		},
		func(r *recording, path string) {
			r.fail(&history.Unanswered{Path: path, Wait: 2 * time.Second})
		},
	} {
		r, path := newTestRecording(t)
		tell(r, path)
		var out strings.Builder
		if r.report(&out, true, 40) == nil {
			t.Fatal("report returned no error for an incomplete recording")
		}
		text := strings.TrimSuffix(out.String(), "\n")
		for _, row := range strings.Split(text, "\n") {
			// The path is one word: a row wider than the terminal holds
			// it alone (with what quotes or follows it, no blank).
			if ansi.StringWidth(row) > 40 && (strings.Contains(strings.TrimSpace(row), " ") || !strings.Contains(row, path)) {
				t.Errorf("row %q is wider than the terminal's 40 columns, in\n%s", row, text)
			}
		}
		if !strings.Contains(strings.Join(strings.Fields(text), " "), path) {
			t.Errorf("the quit lines do not name %s whole:\n%s", path, text)
		}
	}
}
