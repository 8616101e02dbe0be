package history

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// slowDisk takes each write after a pause: a disk that is slow but
// answers (NFS over a busy link).
type slowDisk struct {
	pause time.Duration
	next  io.Writer
}

func (d slowDisk) Write(p []byte) (int, error) {
	time.Sleep(d.pause)
	return d.next.Write(p)
}

// A record whose line takes longer than the bound on a disk that stops
// answering, in writes the disk each takes at once, is not said as the
// disk not answering: the bound timed the record as a whole, and a 65 MiB
// event escaped and written on a busy machine was said to leave the
// recording "incomplete: the disk did not answer within 2s".
func TestASlowDiskThatAnswersIsNotSaidToStall(t *testing.T) {
	// The product's bound, not a shorter one: at 500ms a write held
	// half a second by a loaded machine under -race was a stall, and
	// the backstop (stallBackstop of them, 5s) ran out on the 16 MiB
	// record's own escaping.
	defer func(d time.Duration) { stallWait = d }(stallWait)
	stallWait = closeWait
	rec, path, _ := recorderToHang(t)
	rec.mu.Lock()
	if err := rec.w.Flush(); err != nil {
		t.Fatal(err)
	}
	// 40 ms a write of the recorder's 256 KiB: a 16 MiB line takes 64 of
	// them, past the bound as a whole (2.56s), each far inside it.
	rec.w.Reset(clockedWriter{rec.disk, slowDisk{40 * time.Millisecond, countingWriter{rec.f, rec.written}}})
	rec.mu.Unlock()
	in, reported, ended := teeDrained(rec)
	s := newScript()
	s.negotiate()
	s.event("message", strings.Repeat("x", 16<<20))
	in <- s.recs
	close(in)
	select {
	case <-ended:
	case <-time.After(time.Minute):
		t.Fatal("Tee's output did not end")
	}
	for len(reported) > 0 {
		err := <-reported
		var stalled *Unanswered
		if errors.As(err, &stalled) || strings.Contains(err.Error(), "did not answer") {
			t.Errorf("Tee said %q of a disk that took every write within 40 ms", err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), strings.Repeat("x", 1<<20)) || !strings.Contains(string(data), "/sse?sessionid=ABC") {
		t.Errorf("the recording (%d bytes) lacks the session", len(data))
	}
}

// A writer kept by a lock a reader of the file holds while its read hangs
// on the same mount (a Log reading the recording back) waits for the disk
// too: the bound that times only the disk's calls re-armed for ever, Tee
// never ended and quitting hung.
func TestAWriterKeptByAReaderOfAHungDiskIsBounded(t *testing.T) {
	defer func(d time.Duration) { stallWait = d }(stallWait)
	stallWait = 200 * time.Millisecond
	rec, _, _ := recorderToHang(t)
	rec.NewLog()
	src := rec.srcs[0]
	src.mu.Lock() // the reader's read, hung
	t.Cleanup(src.mu.Unlock)
	in, reported, ended := teeDrained(rec)
	in <- fullSession()
	close(in)
	select {
	case <-ended:
	case <-time.After(stallBackstop*stallWait + 10*time.Second):
		t.Fatal("Tee did not end over a writer kept by a hung reader")
	}
	var stalled *Unanswered
	for len(reported) > 0 {
		if err := <-reported; errors.As(err, &stalled) {
			break
		}
	}
	if stalled == nil {
		t.Error("Tee did not say the recording may be incomplete")
	}
}
