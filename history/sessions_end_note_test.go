package history

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// A recording still being written, or one whose mcpscope was killed, is
// listed with its gist after its URL, as the replay's bar says it: the
// whole sentence export prints ("the recording is still being recorded
// (another mcpscope holds it): this is what it held so far") took a row
// 200 columns wide, sent the listing of a 160-column terminal to two lines
// a recording, and was cut there before it said why.
func TestListingSaysHowARecordingEndsInAFewWords(t *testing.T) {
	killed := record(t, fullSession(), RecordOptions{})
	held := record(t, fullSession(), RecordOptions{})
	lock, err := openLocked(held)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	infos := []SessionInfo{describe(held), describe(killed)}
	for _, width := range []int{0, 120} {
		out := RenderSessions(infos, width)
		for _, want := range []string{"(still being recorded)", "(it ends without its close)"} {
			if !strings.Contains(out, want) {
				t.Errorf("the listing at width %d lacks %q:\n%s", width, want, out)
			}
		}
		if strings.Contains(out, "…") || strings.Contains(out, "another mcpscope holds it") {
			t.Errorf("the listing at width %d says a note at length, or cuts it:\n%s", width, out)
		}
	}
}

// A recording another mcpscope is writing can end mid-line on disk (its
// buffer went out as it filled): listed, it is still being recorded, not
// "cut short (the recording was interrupted)", which said its mcpscope
// had died.
func TestListingOfARecordingWrittenMidLineSaysStillRecorded(t *testing.T) {
	path := record(t, fullSession(), RecordOptions{})
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	if len(lines) < 4 {
		t.Fatalf("the recording has %d lines, want 4 or more", len(lines))
	}
	partial := append(bytes.Join(lines[:3], nil), lines[3][:len(lines[3])/2]...)
	if err := os.WriteFile(path, partial, 0o600); err != nil {
		t.Fatal(err)
	}
	lock, err := openLocked(path)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	info := describe(path)
	if info.Note != stillRecordingNote {
		t.Errorf("a recording held by its recorder, its last line half written, is noted %q, want %q", info.Note, stillRecordingNote)
	}
	if out := RenderSessions([]SessionInfo{info}, 0); !strings.Contains(out, "(still being recorded)") {
		t.Errorf("the listing does not say it is still being recorded:\n%s", out)
	}
}
