package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A write that fails (a full disk) names the file the user gave, not the
// temporary one beside it that they never heard of: export -o on a full
// disk said "write dir/.x.md.2958674448: no space left on device".
func TestWriteErrorNamesTheUsersFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.md")
	createTemp = func(dir, pattern string) (*os.File, error) {
		f, err := os.CreateTemp(dir, pattern)
		if err != nil {
			return nil, err
		}
		f.Close()
		// Read-only: every write fails, as on a full disk.
		return os.Open(f.Name())
	}
	t.Cleanup(func() { createTemp = os.CreateTemp })
	f, err := Create(path, false)
	if err != nil {
		t.Fatal(err)
	}
	tmp := f.f.Name()
	_, werr := f.Write([]byte("x"))
	f.Abort()
	if werr == nil {
		t.Fatal("a write to a read-only file succeeded")
	}
	if !strings.Contains(werr.Error(), path) || strings.Contains(werr.Error(), filepath.Base(tmp)) {
		t.Errorf("the write's error %q names %s, want %s", werr, tmp, path)
	}
}
