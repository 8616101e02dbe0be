package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A recording named through a loop of symbolic links (ln -s a b; ln -s b
// a) is said to be one, with what to do: os's "too many levels of
// symbolic links" named no way out; replay and export alike.
func TestLinkLoopRecordingSaysWhatToDo(t *testing.T) {
	stateDir(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if err := os.Symlink(a, b); err != nil {
		t.Skip(err)
	}
	if err := os.Symlink(b, a); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"export", a}, {"export", "--format", "json", a}, {"replay", a}} {
		_, errOut, code := run(t, args...)
		if code == 0 || !strings.Contains(errOut, "a symbolic link that leads back to itself") || !strings.Contains(errOut, "give the recording's own path") {
			t.Errorf("%v: exit %d %q, want the loop said with what to do", args, code, errOut)
		}
	}
}
