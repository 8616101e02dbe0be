package history

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A recording's header URL never holds its password (the recorder always
// redacts it) nor, unless it was recorded with --record-secrets, a query
// credential. A recording edited by hand, or forged, that holds them in
// its header and in its records' URLs is read as the recorder would have
// written it: sessions, export and replay show neither, where they printed
// both into a transcript meant to be shared.
func TestReaderRedactsCredentialsOfTheHeaderURL(t *testing.T) {
	const (
		password = "pass1234567"
		key      = "SUPERSECRETKEY99"
	)
	user := "http://ann:" + password + "@127.0.0.1:9/sse?api_key=" + key
	records := `{"seq":1,"time":"2026-11-30T00:09:51.5Z","kind":"state","state":{"state":"connecting","conn":1,"url":"` + user + `","transport":"sse"}}
{"seq":2,"time":"2026-11-30T00:09:51.6Z","kind":"endpoint","endpoint":{"conn":1,"data":"/sse?sessionid=A","base":"` + user + `","preferred":"http://ann:` + password + `@127.0.0.1:9/sse?sessionid=A&api_key=` + key + `","session_id":"A","session_param":"sessionid","in_use":"http://ann:` + password + `@127.0.0.1:9/sse?sessionid=A&api_key=` + key + `"}}
{"seq":3,"time":"2026-11-30T00:09:51.7Z","kind":"state","state":{"state":"closed","detail":"closed by mcpscope"}}
`
	for _, tc := range []struct {
		name, redacts string
		keyKept       bool // --record-secrets keeps a query credential, never a password
	}{
		{"redacting headers", `,"redacts":"headers"`, false},
		{"older than redacting headers", ``, false},
		{"recorded with --record-secrets", `,"redacts":"none"`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "forged.jsonl")
			header := `{"format":"mcpscope-session","version":2,"mcpscope":"dev","url":"` + user + `","transport":"sse","started":"2026-11-30T00:09:51.5Z","host":"127.0.0.1:9"` + tc.redacts + "}\n"
			if err := os.WriteFile(path, []byte(header+records), 0o600); err != nil {
				t.Fatal(err)
			}
			r, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			h := r.Header()
			r.Close()
			log, lh, _, err := LoadLog(path)
			if err != nil {
				t.Fatal(err)
			}
			var md, js bytes.Buffer
			if err := ExportMarkdown(&md, lh, log); err != nil {
				t.Fatal(err)
			}
			if err := ExportJSON(&js, lh, log); err != nil {
				t.Fatal(err)
			}
			infos, err := List(filepath.Dir(path))
			if err != nil {
				t.Fatal(err)
			}
			listed := ""
			if len(infos) == 1 {
				listed = infos[0].URL
			}
			for what, text := range map[string]string{"Header().URL": h.URL, "LoadLog's header URL": lh.URL, "the Markdown export": md.String(), "the JSON export": js.String(), "the sessions listing": listed} {
				if strings.Contains(text, password) {
					t.Errorf("%s holds the URL's password:\n%s", what, text)
				}
				if got := strings.Contains(text, key); got != tc.keyKept {
					t.Errorf("%s holds the query credential: %v, want %v:\n%s", what, got, tc.keyKept, text)
				}
			}
			if !strings.Contains(h.URL, "127.0.0.1:9/sse") {
				t.Errorf("Header().URL = %q, want the URL with its credentials redacted", h.URL)
			}
		})
	}
}
