package history

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A header read field by field (one of its fields is damaged) keeps its
// roots, which a replay shows and a re-run offers again, and says when
// they are the damaged field: it dropped them, saying nothing, so a
// damaged "started" lost the roots too and a re-run offered none.
func TestADamagedHeaderKeepsItsRoots(t *testing.T) {
	for _, tc := range []struct {
		name, started, roots string
		want                 int
		warn                 string
	}{
		{"another field damaged", `"yesterday"`, `[{"uri":"file:///work","name":"work"}]`, 1, `its "started" is damaged`},
		{"the roots damaged", `"2026-11-20T21:57:41Z"`, `"file:///work"`, 0, `its "roots" is damaged`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.jsonl")
			body := `{"format":"mcpscope-session","version":2,"mcpscope":"dev","url":"http://127.0.0.1:9/sse","transport":"sse","started":` + tc.started + `,"host":"127.0.0.1:9","redacts":"headers","roots":` + tc.roots + "}\n" +
				`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"closed","detail":"closed by mcpscope"}}` + "\n"
			if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
				t.Fatal(err)
			}
			_, r := readAll(t, path)
			if got := r.Header().Roots; len(got) != tc.want || tc.want == 1 && got[0].URI != "file:///work" {
				t.Errorf("roots read %+v, want %d of them", got, tc.want)
			}
			if w := strings.Join(r.Warnings(), "\n"); !strings.Contains(w, tc.warn) {
				t.Errorf("warnings %q do not say %q", w, tc.warn)
			}
		})
	}
}
