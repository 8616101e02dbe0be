package history

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A header saying a version no recording has was read as this mcpscope's
// without a word; it is warned of, as a damaged field is, and its records
// are still read. A header with no version says nothing.
func TestAHeaderOfVersionZeroIsWarnedOf(t *testing.T) {
	for _, c := range []struct{ field, want string }{
		{`"version":0,`, `its "version" is 0, which no recording has (versions start at 1): read as version 2`},
		{`"version":-3,`, `its "version" is -3, which no recording has`},
		{`"version":null,`, `its "version" is null, which no recording has`},
		{`"version":0,"started":"yesterday",`, `its "version" is 0, which no recording has`},
		{``, ``},
	} {
		path := filepath.Join(t.TempDir(), "h.jsonl")
		content := `{"format":"mcpscope-session",` + c.field + `"mcpscope":"dev","host":"h"}` + "\n" +
			`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}` + "\n"
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		got, r := readAll(t, path)
		w := strings.Join(r.Warnings(), "\n")
		if len(got) != 1 || r.Header().Version != FormatVersion {
			t.Errorf("header with %s: read %d records of version %d, want 1 of version %d", c.field, len(got), r.Header().Version, FormatVersion)
		}
		if c.want == "" && strings.Contains(w, "version") || !strings.Contains(w, c.want) {
			t.Errorf("header with %q: warnings %q, want one saying %q", c.field, w, c.want)
		}
	}
}
