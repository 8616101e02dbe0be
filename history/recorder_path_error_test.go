package history

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A state dir that cannot be made (a file where it should be, as a
// read-only one refuses it) is said with its path once: it read
// "cannot create D: mkdir D: not a directory".
func TestRecorderCreateErrorNamesThePathOnce(t *testing.T) {
	file := filepath.Join(t.TempDir(), "state")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, inErr := CreateIn(file, time.Now(), "127.0.0.1:1", testHeader(), RecordOptions{})
	_, createErr := Create(filepath.Join(file, "s.jsonl"), testHeader(), RecordOptions{})
	for _, err := range []error{inErr, createErr} {
		if err == nil {
			t.Fatal("a recording under a file was made")
		}
		msg := err.Error()
		if want := "recording: cannot create the directory " + file + ": not a directory"; msg != want {
			t.Errorf("the error reads %q, want %q", msg, want)
		}
		if !errors.Is(err, syscall.ENOTDIR) {
			t.Errorf("the error %v does not wrap the cause", err)
		}
	}
}
