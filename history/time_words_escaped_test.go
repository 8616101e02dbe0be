package history

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A time that is no RFC 3339 time and holds a JSON escape is quoted as the
// string it is, the way every other field is: the warning quoted the
// escape's spelling quoted again ("9\\u00e9", "x\\u001b[31m"), backslashes
// doubled, where another field's warning reads "x\x1b[31m".
func TestATimeWithAnEscapeIsQuotedAsTheStringItIs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	content := `{"format":"mcpscope-session","version":2,"mcpscope":"dev","host":"h","started":"9\u00e9:00"}` + "\n" +
		`{"seq":1,"time":"x\u001b[31m","kind":"state","state":{"state":"open"}}` + "\n" +
		`{"seq":2,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}` + "\n"
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	_, r := readAll(t, path)
	w := strings.Join(r.Warnings(), "\n")
	for _, want := range []string{
		`its "started" is damaged: "9é:00" is not a time as RFC 3339 writes it`,
		`line 2 is not a record (its "time" "x\x1b[31m" is not a time as RFC 3339 writes it`,
	} {
		if !strings.Contains(w, want) {
			t.Errorf("warnings %q do not say %q", w, want)
		}
	}
}
