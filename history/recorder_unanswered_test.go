package history

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// hungDisk blocks every write until the test ends, as a write to a file on
// an NFS server that went away does; entered, when not nil, is told of
// each write as it begins to wait.
type hungDisk struct {
	release <-chan struct{}
	entered chan<- struct{}
}

func (h hungDisk) Write(p []byte) (int, error) {
	select {
	case h.entered <- struct{}{}:
	default:
	}
	<-h.release
	return len(p), nil
}

// recorderToHang is a recording at path and hang, which makes its disk stop
// answering from then on (what is buffered is flushed first) until the
// test ends.
func recorderToHang(t *testing.T) (rec *Recorder, path string, hang func()) {
	t.Helper()
	return recorderToHangTelling(t, nil)
}

// recorderToHangTelling is recorderToHang whose hung disk tells entered of
// each write that waits on it (hungDisk).
func recorderToHangTelling(t *testing.T, entered chan<- struct{}) (rec *Recorder, path string, hang func()) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "s.jsonl")
	rec, err := Create(path, testHeader(), RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	t.Cleanup(func() {
		close(release)
		// Tee's writer goes on past the test once the disk answers, to
		// its own Close, which reads checkWait and statPath as a later
		// test sets them: closed here, it is done before that test.
		rec.Close()
	})
	return rec, path, func() {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		if err := rec.w.Flush(); err != nil {
			t.Fatal(err)
		}
		rec.w.Reset(clockedWriter{rec.disk, hungDisk{release, entered}})
	}
}

// A disk that stops answering as the session ends: Tee still ends its
// output within about closeWait, and reports that the recording may be
// incomplete and why, never that it was recorded. Its close waited on the
// flush for ever, and quitting hung with it.
func TestTeeEndsWhenTheDiskDoesNotAnswerTheClose(t *testing.T) {
	rec, path, hang := recorderToHang(t)
	hang()
	in := make(chan []mcp.Record, 1)
	reported := make(chan error, 1)
	out := Tee(in, rec, func(err error) { reported <- err })
	in <- fullSession()
	close(in)
	start := time.Now()
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		for range out {
		}
	}()
	select {
	case <-ended:
	case <-time.After(closeWait + 5*time.Second):
		t.Fatalf("Tee's output did not end %s after its input did, on a disk that does not answer", time.Since(start))
	}
	if took := time.Since(start); took < closeWait-100*time.Millisecond {
		t.Errorf("Tee gave up on the close after %s, before closeWait (%s)", took, closeWait)
	}
	var err2 error
	select {
	case err2 = <-reported:
	default:
		t.Fatal("Tee ended without reporting that the recording may be incomplete")
	}
	var u *Unanswered
	if !errors.As(err2, &u) {
		t.Fatalf("Tee reported %v, want an *Unanswered", err2)
	}
	want := "recording to " + path + " may be incomplete: the disk did not answer within 2s"
	if got := err2.Error(); !strings.Contains(got, want) {
		t.Errorf("Tee reported %q, want %q", got, want)
	}
}
