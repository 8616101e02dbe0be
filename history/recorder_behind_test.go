package history

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A disk that stops answering in the middle of a session: the records go
// on reaching Tee's output while the flush waits, Tee says once that the
// recording may be incomplete (falling behind), and its output ends within
// about closeWait of its input. The flush held the recorder's lock, Tee
// waited on it in Write for ever, and quitting hung with it.
func TestTeeKeepsGoingWhenTheDiskStopsAnsweringMidSession(t *testing.T) {
	rec, path, hang := recorderToHang(t)
	in := make(chan []mcp.Record, 1)
	reported := make(chan error, 1)
	out := Tee(in, rec, func(err error) { reported <- err })
	session := fullSession()
	pass := func(batch []mcp.Record) {
		t.Helper()
		in <- batch
		// A batch comes out after writtenWait at most; the bound is for a
		// Tee that waits for the disk for ever. Twice writtenWait (500ms)
		// left 250ms for the timer and two goroutines, which under -race
		// on loaded cores can take longer.
		bound := writtenWait + 10*time.Second
		select {
		case <-out:
		case <-time.After(bound):
			t.Fatalf("a batch sent while the disk does not answer did not come out of Tee within %s", bound)
		}
	}
	pass(session[:1])
	hang()             // the disk stops answering from here
	pass(session[1:2]) // its timed flush hangs, holding the lock
	var said error
	select {
	case said = <-reported:
	case <-time.After(closeWait + 5*time.Second):
		t.Fatal("Tee did not say the recording stopped keeping up with a disk that does not answer")
	}
	var u *Unanswered
	if !errors.As(said, &u) || !u.Behind {
		t.Fatalf("Tee reported %v, want an *Unanswered falling behind", said)
	}
	want := "recording to " + path + " may be incomplete: the disk did not answer within 2s"
	if got := said.Error(); got != want {
		t.Errorf("Tee reported %q, want %q", got, want)
	}
	for _, r := range session[2:] {
		pass([]mcp.Record{r})
	}
	close(in)
	start := time.Now()
	select {
	case _, ok := <-out:
		if ok {
			t.Fatal("Tee passed on a batch after its input ended")
		}
	case <-time.After(closeWait + 5*time.Second):
		t.Fatalf("Tee's output did not end %s after its input did, on a disk that stopped answering mid-session", time.Since(start))
	}
	select {
	case err := <-reported:
		t.Errorf("Tee reported a second time: %v", err)
	default:
	}
}

// A queue of records the disk has not taken grows no further than
// behindLimit: past it the recording stops, said once as records not
// written, and Tee passes the records on regardless.
func TestTeeStopsRecordingPastItsBoundOnAHungDisk(t *testing.T) {
	w, said := hungWriter(t)
	big := mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Raw: mcp.Raw("data: " + strings.Repeat("x", 1<<20) + "\n\n")}}
	// The first is taken by the writer, which then waits on the disk as
	// its buffer fills; the rest queue up to the bound.
	for i := 0; i < behindLimit>>20+8; i++ {
		w.add([]mcp.Record{big})
	}
	w.mu.Lock()
	weight, dropped := w.weight, w.dropped
	w.mu.Unlock()
	if !dropped {
		t.Fatal("the queue went past its bound without the recording stopping")
	}
	if weight > behindLimit {
		t.Errorf("the queue weighs %d bytes, past its bound of %d", weight, behindLimit)
	}
	reports := said()
	if len(reports) != 1 {
		t.Fatalf("reported %d times, want once: %v", len(reports), reports)
	}
	var nw *NotWritten
	if !errors.As(reports[0], &nw) {
		t.Errorf("reported %v, want a *NotWritten: the records dropped are certainly lost", reports[0])
	}
}

// A batch heavier than the bound on its own is taken when nothing else
// waits, and the small records after it still queue: a disk that answers
// is not behind for one event near --max-event-size. A second such batch
// before the disk took the first is the disk behind: the queue stays
// bounded by one such batch and behindLimit.
func TestTeeTakesOneBatchPastItsBoundAlone(t *testing.T) {
	w, said := hungWriter(t)
	huge := mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Raw: mcp.Raw("data: " + strings.Repeat("x", behindLimit) + "\n\n")}}
	small := mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateClosed}}
	w.add([]mcp.Record{huge})
	w.add([]mcp.Record{small})
	w.mu.Lock()
	dropped := w.dropped
	w.mu.Unlock()
	if reports := said(); dropped || len(reports) != 0 {
		t.Fatalf("a batch past the bound with nothing waiting stopped the recording: %v", reports)
	}
	w.add([]mcp.Record{huge})
	w.mu.Lock()
	weight, dropped := w.weight, w.dropped
	w.mu.Unlock()
	if !dropped || weight != 0 {
		t.Errorf("a second batch past the bound, the first not yet written, was queued (dropped %v, weight %d)", dropped, weight)
	}
}

// hungWriter is a teeWriter on a disk that stopped answering, and what it
// has reported so far.
func hungWriter(t *testing.T) (*teeWriter, func() []error) {
	t.Helper()
	rec, _, hang := recorderToHang(t)
	hang()
	var mu sync.Mutex
	var reports []error
	w := newTeeWriter(rec, func(err error) {
		if err != nil {
			mu.Lock()
			reports = append(reports, err)
			mu.Unlock()
		}
	})
	return w, func() []error {
		mu.Lock()
		defer mu.Unlock()
		return append([]error(nil), reports...)
	}
}
