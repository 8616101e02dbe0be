package ui

import (
	"strings"
	"testing"
)

// With two notes or more, the replay's end counted every note as a damaged
// line: one damaged line and one record out of order read "2 damaged lines
// skipped". Each note is now counted as what it is about.
func TestReplayEndWordsItsNotesByWhatTheyAre(t *testing.T) {
	// A damaged line, then the session's close numbered before the
	// records above it (the file was edited).
	p := loadRecording(t, recordingWithTail(t, "{oops\n"+`{"seq":2,"time":"2026-01-01T00:00:00Z","kind":"state","state":{"state":"closed","detail":"closed by mcpscope"}}`+"\n"))
	if got := statusAtReplayEnd(t, p, 200); !strings.Contains(got, "end of the recording: 1 damaged line skipped, records out of order (listed when you quit)") {
		t.Errorf("status at the end = %q, want one damaged line and the order said apart", got)
	}
}
