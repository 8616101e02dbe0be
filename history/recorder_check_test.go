package history

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// hungStat makes the look at the recording's path hang, as a stat does on a
// hung NFS mount, until release is called; it counts the looks and the
// most of them out at once. The test's end releases it and restores
// os.Stat.
type hungStat struct {
	entered          chan struct{}
	hold             chan struct{}
	release          func()
	calls, out, most atomic.Int32
}

func hangStat(t *testing.T) *hungStat {
	t.Helper()
	h := &hungStat{entered: make(chan struct{}, 1), hold: make(chan struct{})}
	var once sync.Once
	h.release = func() { once.Do(func() { close(h.hold) }) }
	statPath = func(path string) (os.FileInfo, error) {
		h.calls.Add(1)
		n := h.out.Add(1)
		defer h.out.Add(-1)
		for m := h.most.Load(); n > m && !h.most.CompareAndSwap(m, n); m = h.most.Load() {
		}
		select {
		case h.entered <- struct{}{}:
		default:
		}
		<-h.hold
		return os.Stat(path)
	}
	t.Cleanup(func() {
		h.release()
		statPath = os.Stat
	})
	return h
}

// recordWithHungStat starts a recording, with the look at its path made
// hanging (hangStat), and writes a record whose flush starts a look.
func recordWithHungStat(t *testing.T) (*hungStat, *Recorder, string) {
	t.Helper()
	h := hangStat(t)
	path := filepath.Join(t.TempDir(), "rec.jsonl")
	rec, err := Create(path, testHeader(), RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.Write(errorRecord(1, "first")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-h.entered:
	case <-time.After(10 * time.Second):
		t.Fatal("no look at the recording's path began")
	}
	return h, rec, path
}

func errorRecord(seq int64, msg string) mcp.Record {
	return mcp.Record{Seq: seq, Time: time.Now(), Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "post", Message: msg}}
}

// A look at the recording's file that hangs (each stat a round trip on NFS,
// none answered on a hung mount) holds up no record: the look ran under
// the recorder's lock, so every Write, and the session's screen behind the
// Tee, waited on the file system. Records reach the file meanwhile, one
// look is out at a time, and Close waits for it before its own.
func TestRecordGoesOnWhileTheGoneCheckHangs(t *testing.T) {
	h, rec, path := recordWithHungStat(t)

	wrote := make(chan error, 1)
	go func() { wrote <- rec.Write(errorRecord(2, "second")) }()
	select {
	case err := <-wrote:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Write waited on the look at the file")
	}
	waitInFile(t, path, "second")
	if err := rec.Write(errorRecord(3, "third")); err != nil {
		t.Fatal(err)
	}
	waitInFile(t, path, "third")
	if n := h.calls.Load(); n != 1 {
		t.Errorf("%d looks at the path began while one hung, want 1", n)
	}

	closed := make(chan error, 1)
	go func() { closed <- rec.Close() }()
	h.release()
	select {
	case err := <-closed:
		if err != nil {
			t.Errorf("Close() of an untouched recording = %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not return")
	}
	if m := h.most.Load(); m != 1 {
		t.Errorf("%d looks at the path were out at once, want 1", m)
	}
	rec.mu.Lock()
	checking := rec.checking
	rec.mu.Unlock()
	if checking != nil {
		t.Error("Close returned with a look at the file still out")
	}
}

// Close waits for a hung look at the file a bounded time, and says exactly
// what is known: the records were written and synced, the file could not
// be checked in time. It is a caveat, not a failure (exec exits 0): the
// sync answered, so a slow NFS mount failed a CI run whose records were
// whole. The hung look stays the only one out: Close starts none beside it.
func TestCloseDoesNotWaitForAHungGoneCheckForever(t *testing.T) {
	defer func(d time.Duration) { checkWait = d }(checkWait)
	checkWait = 50 * time.Millisecond
	h, rec, path := recordWithHungStat(t)
	if err := rec.Write(errorRecord(2, "second")); err != nil {
		t.Fatal(err)
	}
	closed := make(chan error, 1)
	go func() { closed <- rec.Close() }()
	select {
	case err := <-closed:
		var c *Caveat
		if !errors.As(err, &c) || !strings.Contains(err.Error(), "written to "+path+" and synced") || !strings.Contains(err.Error(), "could not be checked within 50ms") {
			t.Errorf("Close() = %v, want a caveat that the records in %s were written and synced, the file not checked within 50ms", err, path)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close waited on the hung look at the file")
	}
	if n, m := h.calls.Load(), h.most.Load(); n != 1 || m != 1 {
		t.Errorf("%d looks at the path began, %d out at once, while one hung; want 1 and 1", n, m)
	}
	waitInFile(t, path, "second")
}
