package history

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A recording whose permissions (or its directory's) were changed while it
// was written still gets every record, through the open file: it was
// called fine, and the user learnt of it only when replay was refused.
// Close says the records are there but the file can no longer be read by
// them, as a caveat (the records are whole), not a failure.
func TestRecorderSaysWhenItsFileCanNoLongerBeRead(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads a file whatever its permissions")
	}
	for _, tc := range []struct {
		name string
		mode func(path string) (string, os.FileMode)
	}{
		{"file made unreadable", func(path string) (string, os.FileMode) { return path, 0o200 }},
		{"directory made unsearchable", func(path string) (string, os.FileMode) { return filepath.Dir(path), 0o600 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, path := newGoneRecorder(t)
			target, mode := tc.mode(path)
			fi, err := os.Stat(target)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(target, mode); err != nil {
				t.Fatal(err)
			}
			defer os.Chmod(target, fi.Mode().Perm())
			if err := rec.Write(errorRecord(2, "after the chmod")); err != nil {
				t.Fatalf("Write after the chmod = %v", err)
			}
			err = rec.Close()
			var c *Caveat
			if !errors.As(err, &c) || !strings.Contains(err.Error(), "the records are in "+path) || !strings.Contains(err.Error(), "can no longer be read by you") {
				t.Errorf("Close() = %v, want a caveat that the records are in %s but it can no longer be read", err, path)
			}
			if err := os.Chmod(target, fi.Mode().Perm()); err != nil {
				t.Fatal(err)
			}
			waitInFile(t, path, "after the chmod")
		})
	}
}
