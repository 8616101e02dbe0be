package history

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file the listing cannot read says why in the URL column without its
// path, which is on the line under it already: with the path first the
// reason was cut off at 80 columns before it began.
func TestListingNoteLeavesOutThePath(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"gz.jsonl":    "\x1f\x8b\x08\x00",
		"empty.jsonl": "",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	infos, err := List(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"gz.jsonl": "it is gzip-compressed", "empty.jsonl": "it is empty"}
	for _, info := range infos {
		if w := want[filepath.Base(info.Path)]; !strings.HasPrefix(info.Note, w) {
			t.Errorf("%s: note %q, want it to begin %q", info.Path, info.Note, w)
		}
	}
	out := RenderSessions(infos, 80)
	for _, w := range want {
		if !strings.Contains(out, "("+w) {
			t.Errorf("the listing at 80 columns lacks %q:\n%s", "("+w, out)
		}
	}
}
