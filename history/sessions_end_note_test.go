package history

import (
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
