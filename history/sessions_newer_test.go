package history

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A recording of a newer format is listed with the URL and start its
// header gives, and a short note saying what to do: the listing showed no
// URL, only the long sentence replay says.
func TestListingNewerFormatShowsItsURL(t *testing.T) {
	dir := t.TempDir()
	header := `{"format":"mcpscope-session","version":9,"mcpscope":"9.0.0","url":"http://127.0.0.1:9981/mcp","started":"2026-01-02T03:04:05Z"}` + "\n"
	if err := os.WriteFile(filepath.Join(dir, "newer.jsonl"), []byte(header+`{"seq":1,"kind":"future"}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	infos, err := List(dir)
	if err != nil || len(infos) != 1 {
		t.Fatalf("List: %v, %d recordings", err, len(infos))
	}
	info := infos[0]
	if want := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC); info.URL != "http://127.0.0.1:9981/mcp" || !info.Started.Equal(want) {
		t.Errorf("URL %q started %v, want the header's", info.URL, info.Started)
	}
	out := RenderSessions(infos, 80)
	for _, want := range []string{"2026-01-02 03:04", "http://127.0.0.1:9981/mcp (needs mcpscope 9.0.0)"} {
		if !strings.Contains(out, want) {
			t.Errorf("the listing at 80 columns lacks %q:\n%s", want, out)
		}
	}
}
