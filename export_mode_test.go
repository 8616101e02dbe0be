package main

import (
	"os"
	"path/filepath"
	"testing"
)

// export -o made a new file 0644 while the recording it came from is 0600:
// the transcript holds the same session, so a new one is the owner's only.
// A file that was there keeps the mode its owner gave it.
func TestExportOutputIsOwnerOnlyWhenNew(t *testing.T) {
	path, _ := copyRecording(t)
	dir := t.TempDir()
	fresh := filepath.Join(dir, "session.md")
	if _, errOut, code := run(t, "export", path, "-o", fresh); code != exitOK {
		t.Fatalf("export -o: exit %d: %s", code, errOut)
	}
	if fi, err := os.Stat(fresh); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("a new export file: %v, %v; want mode 0600", fi.Mode().Perm(), err)
	}
	shared := filepath.Join(dir, "shared.md")
	if err := os.WriteFile(shared, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(shared, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := run(t, "export", path, "-o", shared, "--format", "json"); code != exitOK {
		t.Fatalf("export -o over a file: exit %d: %s", code, errOut)
	}
	if fi, err := os.Stat(shared); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("an existing export file: %v, %v; want its mode 0644 kept", fi.Mode().Perm(), err)
	}
}
