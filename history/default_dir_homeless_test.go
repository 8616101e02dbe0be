package history

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// homeless sets the environment of a run with HOME unset and the
// temporary directory tmp, and says where its own directory would be.
func homeless(t *testing.T) (tmp, own string) {
	t.Helper()
	tmp = t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("HOME", "")
	t.Setenv("MCPSCOPE_STATE_DIR", "")
	t.Setenv("XDG_STATE_HOME", "")
	return tmp, filepath.Join(tmp, fmt.Sprintf("mcpscope-%d", os.Getuid()))
}

// With HOME unset, recordings go to a directory of this user's own in the
// temporary directory: a "mcpscope" there made by another user (or any
// file of that name) no longer refuses every session's recording.
func TestDefaultDirWithoutHomeIsTheUsersOwn(t *testing.T) {
	tmp, own := homeless(t)
	if err := os.WriteFile(filepath.Join(tmp, "mcpscope"), []byte("someone else's"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir, err := DefaultDir()
	if err != nil || filepath.Dir(dir) != own {
		t.Fatalf("DefaultDir() = %q, %v; want a directory in %s", dir, err, own)
	}
	fi, err := os.Lstat(own)
	if err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o700 {
		t.Fatalf("%s was made as %v (%v), want a directory of mode 0700", own, fi.Mode(), err)
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
	if again, err := DefaultDir(); err != nil || again != dir {
		t.Errorf("DefaultDir() once the directory is there = %q, %v; want %q", again, err, dir)
	}
}

// A mcpscope-UID made first by someone else in the shared temporary
// directory is refused, naming it, what is wrong and what to do: a
// directory others can read would show them every recording, a symbolic
// link would send the recordings wherever it points.
func TestDefaultDirWithoutHomeRefusesADirectoryNotPrivate(t *testing.T) {
	tests := []struct {
		name, wrong string
		make        func(t *testing.T, own string)
	}{
		{"open mode", "mode 0755", func(t *testing.T, own string) {
			if err := os.Mkdir(own, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(own, 0o755); err != nil {
				t.Fatal(err)
			}
		}},
		{"symbolic link", "symbolic link", func(t *testing.T, own string) {
			if err := os.Symlink(t.TempDir(), own); err != nil {
				t.Fatal(err)
			}
		}},
		{"file", "not a directory", func(t *testing.T, own string) {
			if err := os.WriteFile(own, nil, 0o600); err != nil {
				t.Fatal(err)
			}
		}},
		{"another user's", "another user", func(t *testing.T, own string) {
			if os.Getuid() != 0 {
				t.Skip("only root can give a directory to another user")
			}
			if err := os.Mkdir(own, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.Chown(own, 65534, 65534); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, own := homeless(t)
			tt.make(t, own)
			_, err := DefaultDir()
			if err == nil {
				t.Fatalf("DefaultDir() accepted %s (%s)", own, tt.name)
			}
			for _, want := range []string{own, tt.wrong, "remove it", "MCPSCOPE_STATE_DIR"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
		})
	}
}
