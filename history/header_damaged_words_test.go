package history

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A header field of the wrong kind is said in the file's terms, as a
// record's is, where the warning quoted the json and time packages ("cannot
// unmarshal string into Go value of type int", a Go time layout), which tell
// a person editing the file nothing of what to put back.
func TestADamagedHeaderFieldIsSaidInTheFilesTerms(t *testing.T) {
	for _, c := range []struct{ field, want string }{
		{`"version":"2"`, `its "version" is damaged: a JSON string, where a number belongs; read the records without it`},
		{`"version":2.5`, `its "version" is damaged: the JSON number 2.5, where a whole number from`},
		{`"started":"yesterday"`, `its "started" is damaged: "yesterday" is not a time as RFC 3339 writes it, such as 2026-11-20T21:57:41Z;`},
		{`"started":5`, `its "started" is damaged: an integer, where a string belongs (a time as RFC 3339 writes it`},
		{`"url":["x"]`, `its "url" is damaged: a JSON array, where a string belongs;`},
		// Read as not folded, not redacted, not the demo without a word.
		{`"folded":{"kind":"gets"}`, `its "folded" is damaged: a JSON object, where a string belongs;`},
		{`"folded":3`, `its "folded" is damaged: a JSON number, where a string belongs;`},
		{`"redacts":true`, `its "redacts" is damaged: a JSON bool, where a string belongs;`},
		{`"demo":"yes"`, `its "demo" is damaged: a JSON string, where true or false belongs;`},
	} {
		path := filepath.Join(t.TempDir(), "h.jsonl")
		content := `{"format":"mcpscope-session","mcpscope":"dev","host":"h",` + c.field + `}` + "\n" +
			`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}` + "\n"
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		got, r := readAll(t, path)
		w := strings.Join(r.Warnings(), "\n")
		if len(got) != 1 || !strings.Contains(w, c.want) {
			t.Errorf("header with %s: read %d records, warnings %q; want 1 record and a warning saying %q", c.field, len(got), w, c.want)
		}
		for _, goWords := range []string{"Go value", "cannot unmarshal", "UnmarshalJSON", "2006-01-02"} {
			if strings.Contains(w, goWords) {
				t.Errorf("header with %s: warning %q quotes the json package (%q)", c.field, w, goWords)
			}
		}
	}
}
