package history

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A recording whose process was killed between two lines reads as whole:
// its last request showed pending in export and unrecorded in a re-run,
// with no word why. With no closing record, the reader, the replay and the
// listing say once that the recording ends without its close, or, while
// another process holds its lock, that it is still being recorded; a
// recording that ends with its close says nothing.
func TestReadersSayARecordingEndsWithoutItsClose(t *testing.T) {
	recs := fullSession()
	last := recs[len(recs)-1]
	closed := append(slices.Clone(recs), mcp.Record{Seq: last.Seq + 1, Time: last.Time, Kind: mcp.KindState,
		State: &mcp.StateChange{State: mcp.StateClosed, Detail: "closed by mcpscope"}})
	notes := func(path string) (reader, replay []string, listing string) {
		_, r := readAll(t, path)
		return r.Warnings(), loaded(t, path).Warnings(), describe(path).Note
	}

	r, p, l := notes(record(t, closed, RecordOptions{}))
	if len(r) != 0 || len(p) != 0 || l != "" {
		t.Errorf("a recording with its close: reader %q, replay %q, listing %q; want no note", r, p, l)
	}

	killed := record(t, recs, RecordOptions{})
	r, p, l = notes(killed)
	for what, got := range map[string][]string{"reader": r, "replay": p, "listing": {l}} {
		if len(got) != 1 || got[0] != unclosedNote {
			t.Errorf("%s of a recording without its close: %q; want once %q", what, got, unclosedNote)
		}
	}

	held, err := openLocked(killed)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	r, p, l = notes(killed)
	for what, got := range map[string][]string{"reader": r, "replay": p, "listing": {l}} {
		if len(got) != 1 || !strings.Contains(got[0], "still being recorded") {
			t.Errorf("%s of a recording another process holds: %q; want it said to be still recorded", what, got)
		}
	}
}

// A line cut short already says the recording was interrupted: the
// missing close is not said a second time.
func TestACutShortRecordingSaysItOnce(t *testing.T) {
	path := record(t, fullSession(), RecordOptions{})
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, raw[:len(raw)-10], 0o600); err != nil {
		t.Fatal(err)
	}
	_, r := readAll(t, path)
	if w := r.Warnings(); len(w) != 1 || !strings.Contains(w[0], "is cut short") {
		t.Errorf("warnings %q; want only the line cut short", w)
	}
}
