//go:build unix

package themes

import (
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO named like a theme would block an open for reading until a writer
// came: listing themes and loading that name must finish, and say why the
// file was not used.
func TestFIFOInThemesDirDoesNotHang(t *testing.T) {
	dir := isolate(t)
	writeTheme(t, dir, "ocean.yaml", "base: light\n")
	fifo := filepath.Join(dir, "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	type listed struct {
		themes []Theme
		errs   []error
	}
	done := make(chan listed, 1)
	go func() {
		ts, errs := List()
		done <- listed{ts, errs}
	}()
	var got listed
	select {
	case got = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("List() is still running after 10s: it opened the FIFO")
	}
	names := make([]string, len(got.themes))
	for i, th := range got.themes {
		names[i] = th.Name
	}
	if !strings.Contains(strings.Join(names, " "), "ocean") || strings.Contains(strings.Join(names, " "), "pipe") {
		t.Errorf("List() themes = %v, want ocean and not pipe", names)
	}
	if err := errors.Join(got.errs...); err == nil || !strings.Contains(err.Error(), "pipe.yaml: is a named pipe, not a regular file") {
		t.Errorf("List() errors = %v, want pipe.yaml named as not a regular file", err)
	}

	loaded := make(chan error, 1)
	go func() {
		_, err := Load("pipe")
		loaded <- err
	}()
	select {
	case err := <-loaded:
		var fe *FileError
		if !errors.As(err, &fe) || fe.Path != fifo {
			t.Errorf("Load(pipe) = %v, want a *FileError for %s", err, fifo)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Load(pipe) is still running after 10s: it opened the FIFO")
	}
}
