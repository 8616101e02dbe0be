package history

import (
	"os"
	"strings"
	"testing"
)

// writeLines writes a recording of the test header and these record lines.
func writeLines(t *testing.T, lines ...string) string {
	t.Helper()
	path := record(t, nil, RecordOptions{})
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, l := range lines {
		if _, err := f.WriteString(l + "\n"); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// A replay indexes lines by their skeleton and decodes them as they are
// shown; a line that only then turns out to be damaged is reported by its
// line number, as the loader reports the others, not by the seq it claims
// (which a damaged file may repeat or get wrong).
func TestReplayNamesTheLineOfARecordThatDoesNotDecode(t *testing.T) {
	path := writeLines(t,
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}`,
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"event","event":{"raw":"abc","data_at":[2,99]}}`,
		`{"seq":2,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"closed"}}`,
	)
	p, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.Wait(); err != nil {
		t.Fatal(err)
	}
	got := p.JumpEnd()
	if len(got) != 2 {
		t.Errorf("played %d records, want the 2 that decode", len(got))
	}
	w := strings.Join(p.Warnings(), "\n")
	if !strings.Contains(w, "line 3 is not a record (data_at [2,99] is outside the event's 3 bytes)") {
		t.Errorf("warnings %q, want one naming line 3 and what is wrong with it", w)
	}
}
