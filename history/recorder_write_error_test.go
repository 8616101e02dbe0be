package history

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// diskFull fails every write as a full disk does under an *os.File.
type diskFull struct{ path string }

func (d diskFull) Write([]byte) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: d.path, Err: syscall.ENOSPC}
}

// A disk that fills mid-session is said with its cause once, that what was
// recorded before is kept, and what to do: it read "cannot write to P:
// write P: no space left on device", the path twice and no word of whether
// anything was saved or how to go on.
func TestRecorderWriteErrorSaysWhatIsKeptAndWhatToDo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	rec, err := Create(path, testHeader(), RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rec.w.Reset(diskFull{path})
	var werr error
	for _, r := range fullSession() {
		if werr = rec.Write(r); werr != nil {
			break
		}
	}
	if werr == nil {
		werr = rec.Close()
	}
	rec.Close()
	msg := werr.Error()
	for _, want := range []string{"cannot write to " + path + ": no space left on device;", "the records before are kept", "free space there, or record elsewhere"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error lacks %q:\n%s", want, msg)
		}
	}
	if n := strings.Count(msg, path); n != 1 {
		t.Errorf("the error names the path %d times, want once:\n%s", n, msg)
	}
	var pe *fs.PathError
	if !errors.Is(werr, syscall.ENOSPC) || !errors.As(werr, &pe) {
		t.Errorf("the error %v does not wrap the write's own", werr)
	}
}

// The advice of a failed write names only what the running command takes:
// proxy's said "--record FILE", a flag proxy does not take.
func TestRecorderWriteErrorNamesWhatTheCommandTakes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	rec, err := Create(path, testHeader(), RecordOptions{Elsewhere: "--record-dir DIR or MCPSCOPE_STATE_DIR=DIR"})
	if err != nil {
		t.Fatal(err)
	}
	rec.w.Reset(diskFull{path})
	for _, r := range fullSession() {
		if rec.Write(r) != nil {
			break
		}
	}
	msg := rec.Close().Error()
	if want := "record elsewhere next time (--record-dir DIR or MCPSCOPE_STATE_DIR=DIR)"; !strings.Contains(msg, want) {
		t.Errorf("the error lacks %q:\n%s", want, msg)
	}
	if strings.Contains(msg, "--record FILE") {
		t.Errorf("the error names a flag the command does not take:\n%s", msg)
	}
}
