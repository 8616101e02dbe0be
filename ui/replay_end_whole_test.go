package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// What the end of a replay says is wrong with its file is read whole at
// 80x24, wrapped under the keys row: the bar cut it, "end of the
// recording: line 5 is cut short (t…", and with it the key that plays it
// again. The frame stays 24 rows.
func TestReplayEndNoteReadsWholeAt80(t *testing.T) {
	p := loadRecording(t, recordingWithTail(t, `{"seq":9,"time":"2026-01-01T00:00:00Z","kind":"ht`))
	m := replayAtEnd(t, p, 80, 24)
	view := ansi.Strip(m.View())
	rows := strings.Split(view, "\n")
	if len(rows) != 24 {
		t.Fatalf("%d rows drawn, want 24:\n%s", len(rows), view)
	}
	want := "end of the recording: line 5 is cut short (the recording was interrupted); 3 records read · g plays it again"
	if !readsWhole(view, want) {
		t.Errorf("the end of the replay is not read whole, want %q in:\n%s", want, view)
	}
	if strings.Contains(view, "…") {
		t.Errorf("something is cut at the end of the replay:\n%s", view)
	}
}
