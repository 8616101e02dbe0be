package history

import (
	"strings"
	"testing"
)

// A recording edited so that its answers' req_seq name no request it
// holds is re-run with each request unrecorded, and the note says why:
// it read "(it ended first)", though the recording went on past every
// answer, which sent the user looking for a cut-short file.
func TestRerunOfAnswersNamingNoRequestSaysSo(t *testing.T) {
	s := newScript()
	s.initialized()
	list := s.request("2", "tools/list", `{}`)
	s.result("2", list+1000, `{"tools":[]}`)

	_, results := rerunEchoed(t, record(t, s.recs, RecordOptions{}))
	if len(results) != 2 || results[1].Outcome != OutcomeUnrecorded {
		t.Fatalf("re-ran %+v, want initialize and tools/list unrecorded", results)
	}
	if n := results[1].Note; strings.Contains(n, "it ended first") || !strings.Contains(n, "1 answer in the recording names no request it holds") {
		t.Errorf("tools/list: note %q, want it to say an answer names no request, not that the recording ended first", n)
	}
}
