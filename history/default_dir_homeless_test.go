package history

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// With HOME unset, recordings go to a directory of this user's own in the
// temporary directory: a "mcpscope" there made by another user (or any
// file of that name) no longer refuses every session's recording.
func TestDefaultDirWithoutHomeIsTheUsersOwn(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("HOME", "")
	t.Setenv("MCPSCOPE_STATE_DIR", "")
	t.Setenv("XDG_STATE_HOME", "")
	if err := os.WriteFile(filepath.Join(tmp, "mcpscope"), []byte("someone else's"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := DefaultDir()
	if !filepath.IsAbs(dir) || filepath.Dir(filepath.Dir(dir)) != tmp {
		t.Fatalf("DefaultDir() = %q, want a directory in %s", dir, tmp)
	}
	rec, err := CreateIn(dir, time.Now(), "localhost:8811", Header{URL: "http://localhost:8811/mcp"}, RecordOptions{})
	if err != nil {
		t.Fatalf("recording with HOME unset: %v", err)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(rec.Path()); err != nil {
		t.Errorf("the recording %s is not there: %v", rec.Path(), err)
	}
}
