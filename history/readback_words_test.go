package history

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// A line overwritten under a replay with what is not JSON is said as a
// damaged line is said on loading, where the replay's screen quoted the
// json package's scanner ("invalid character 'e' looking for beginning of
// value").
func TestALineOverwrittenUnderAReplayIsSaidInTheFilesTerms(t *testing.T) {
	line := `{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open","detail":"first"}}`
	path := writeLines(t, line,
		`{"seq":2,"time":"2026-11-20T21:57:42Z","kind":"state","state":{"state":"closed","detail":"closed by mcpscope"}}`)
	p := loaded(t, path)
	l := p.NewLog()
	playAll(t, p, l)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.Index(data, []byte(line))
	copy(data[at:], bytes.Repeat([]byte("e"), len(line)))
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	r := l.At(0)
	if r.State == nil {
		t.Fatalf("entry 0 reads back as %+v, want a state standing in for it", r)
	}
	if d := r.State.Detail; !strings.Contains(d, "no longer reads back") || !strings.Contains(d, "it is not JSON") || strings.Contains(d, "invalid character") {
		t.Errorf("the overwritten line reads back as %q, want it said not to be JSON, in the file's terms", d)
	}
}
