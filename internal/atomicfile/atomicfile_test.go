package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Replacing: nothing shows under the name until Commit, which keeps the
// old file's mode and leaves nothing beside it.
func TestCommitReplacesWholeKeepingTheMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(path, []byte("old\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("new, ")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, path); got != "old\n" {
		t.Errorf("before Commit the file reads %q, want the old one whole", got)
	}
	if _, err := f.Write([]byte("whole\n")); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := read(t, path); got != "new, whole\n" {
		t.Errorf("after Commit the file reads %q", got)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("mode after Commit: %v %v, want 0640", fi.Mode(), err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("the directory holds %d files, want only the one written", len(ents))
	}
}

// Abort keeps an old file whole, and leaves no file where there was none.
func TestAbortKeepsTheOldFileAndLeavesNoNewOne(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.txt")
	if err := os.WriteFile(old, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := Create(old, true)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.Write([]byte("cut"))
	if got := f.Abort(); got != Kept || read(t, old) != "old\n" {
		t.Errorf("Abort over a file: %v, file %q; want Kept and the old file", got, read(t, old))
	}
	fresh := filepath.Join(dir, "new.txt")
	if f, err = Create(fresh, false); err != nil {
		t.Fatal(err)
	}
	_, _ = f.Write([]byte("cut"))
	if got := f.Abort(); got != Removed {
		t.Errorf("Abort of a new file: %v, want Removed", got)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("the directory holds %d files, want only the old one", len(ents))
	}
}

// Without replace an existing name is refused, also when it is made
// between Create and Commit.
func TestNoReplaceRefusesAnExistingFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	f, err := Create(path, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("theirs\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(path, false); !errors.Is(err, os.ErrExist) {
		t.Errorf("Create of an existing name without replace: %v, want os.ErrExist", err)
	}
	_, _ = f.Write([]byte("mine\n"))
	if err := f.Commit(); !errors.Is(err, os.ErrExist) {
		t.Errorf("Commit over a file made meanwhile: %v, want os.ErrExist", err)
	}
	f.Abort()
	if got := read(t, path); got != "theirs\n" {
		t.Errorf("the file made meanwhile reads %q, want it untouched", got)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("the directory holds %d files, want only theirs", len(ents))
	}
}

// A directory that takes no file beside the one replaced (here a name
// too long for a temporary one beside it): it is written in place, as
// before.
func TestInPlaceWhereNoFileFitsBeside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, strings.Repeat("n", 250))
	if err := os.WriteFile(path, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path, true)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.Write([]byte("new\n"))
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := read(t, path); got != "new\n" {
		t.Errorf("written in place, the file reads %q, want new", got)
	}
}

// failWrites makes f's next Write fail, as a full disk does.
func failWrites(t *testing.T, f *File) {
	t.Helper()
	if err := f.f.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("more")); err == nil {
		t.Fatal("a Write after the file was closed succeeded")
	}
}

// A regular file written in place (no file fits beside it) and cut is
// removed, whether it was there before or not: half a transcript must not
// pass for the whole one. It was left, cut, under the user's name.
func TestAbortInPlaceRemovesTheCutFile(t *testing.T) {
	dir := t.TempDir()
	for _, existed := range []bool{true, false} {
		path := filepath.Join(dir, strings.Repeat(fmt.Sprint(existed)[:1], 250))
		want := Removed
		if existed {
			want = Dropped
			if err := os.WriteFile(path, []byte("old\n"), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		f, err := Create(path, true)
		if err != nil {
			t.Fatal(err)
		}
		if f.tmp {
			t.Fatal("a name of 250 bytes was written beside, want in place")
		}
		if _, err := f.Write([]byte("cut")); err != nil {
			t.Fatal(err)
		}
		failWrites(t, f)
		if got := f.Abort(); got != want {
			t.Errorf("existed %v: Abort = %v, want %v", existed, got, want)
		}
		if _, err := os.Lstat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("existed %v: the cut file is still there (%v)", existed, err)
		}
	}
}

// What is no regular file of its own (here a link, written through) is
// the user's: cut, it is left as it is, and Abort says so.
func TestAbortLeavesALinkWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	target, link := filepath.Join(dir, "target"), filepath.Join(dir, "link")
	if err := os.WriteFile(target, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	f, err := Create(link, true)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.Write([]byte("cut"))
	failWrites(t, f)
	if got := f.Abort(); got != Cut {
		t.Errorf("Abort through a link = %v, want Cut", got)
	}
	if got, err := os.Readlink(link); err != nil || got != target {
		t.Errorf("the link now: %q, %v; want it untouched", got, err)
	}
	if got := read(t, target); got != "cut" {
		t.Errorf("the link's target reads %q, want what it received", got)
	}
}

// A file that cannot be made beside the old one for want of space (or
// quota, or descriptors) leaves the old one whole: written in place it
// would be emptied first, then lost when the write failed the same way.
func TestNoRoomBesideKeepsTheOldFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "answer.json")
	if err := os.WriteFile(path, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	createTemp = func(string, string) (*os.File, error) {
		return nil, &fs.PathError{Op: "open", Path: path + ".tmp", Err: syscall.ENOSPC}
	}
	t.Cleanup(func() { createTemp = os.CreateTemp })
	f, err := Create(path, true)
	if err == nil {
		_ = f.Abort()
		t.Fatal("Create wrote in place with no room beside the file")
	}
	if !strings.Contains(err.Error(), "left as it was") || !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("error %q does not say the file is left and why", err)
	}
	if got := read(t, path); got != "old\n" {
		t.Errorf("the old file reads %q, want it whole", got)
	}
}
