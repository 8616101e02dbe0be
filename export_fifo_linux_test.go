package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// export -o naming a named pipe that nothing reads waited for a reader
// forever, saying nothing. It says what the pipe lacks and what to do;
// with a reader it writes the transcript through the pipe, as before.
func TestExportToAFIFOThatNothingReadsSaysSo(t *testing.T) {
	oneSessionRecorded(t)
	t.Chdir(t.TempDir())
	fifo := filepath.Join(t.TempDir(), "out.md")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}

	type result struct {
		errOut string
		code   int
	}
	done := make(chan result, 1)
	go func() {
		_, errOut, code := run(t, "export", "last", "-o", fifo)
		done <- result{errOut, code}
	}()
	select {
	case r := <-done:
		want := "-o " + fifo + ": a named pipe (FIFO) that nothing is reading: start what reads it first"
		if r.code != exitFailed || !strings.Contains(r.errOut, want) {
			t.Errorf("export -o FIFO without a reader: exit %d, stderr %q; want %q", r.code, r.errOut, want)
		}
	case <-time.After(10 * time.Second):
		// Unblock the export so that the test ends.
		if f, err := os.Open(fifo); err == nil {
			f.Close()
		}
		t.Fatal("export -o a FIFO that nothing reads waited for a reader, saying nothing")
	}

	// With a reader, the transcript goes through the pipe.
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		_, errOut, code := run(t, "export", "last", "-o", fifo)
		done <- result{errOut, code}
	}()
	var got strings.Builder
	buf := make([]byte, 64<<10)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		n, _ := r.Read(buf)
		got.Write(buf[:n])
		select {
		case res := <-done:
			for n, _ := r.Read(buf); n > 0; n, _ = r.Read(buf) {
				got.Write(buf[:n])
			}
			if res.code != exitOK || !strings.Contains(got.String(), "# mcpscope session: ") {
				t.Errorf("export -o FIFO with a reader: exit %d, stderr %q, read %.120q", res.code, res.errOut, got.String())
			}
			return
		default:
		}
	}
	t.Fatal("export -o a FIFO with a reader did not end")
}
