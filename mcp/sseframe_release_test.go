package mcp

import (
	"io"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// signalReader passes reads through and, once armed, says when the tap
// asks the network for more: it has finished with everything before.
type signalReader struct {
	r       io.Reader
	armed   atomic.Bool   // set by the tap's goroutine when the reads to watch begin
	reading chan struct{} // receives once a read begins after armed
}

func (s *signalReader) Read(p []byte) (int, error) {
	if s.armed.Load() {
		select {
		case s.reading <- struct{}{}:
		default:
		}
	}
	return s.r.Read(p)
}

// A large event on a stream that stays open (the legacy stream, a GET or
// listen stream) must be held once, in the event the session keeps, not
// also in the parser's grown buffer and its copy of the event text until
// the stream ends.
func TestTapLetsGoOfALargeEventOnAnOpenStream(t *testing.T) {
	const size = 16 << 20
	pr, pw := io.Pipe()
	defer pw.Close()
	sr := &signalReader{r: pr, reading: make(chan struct{}, 1)}
	var kept *SSEEvent
	got := make(chan *SSEEvent, 4)
	tap := &sseTap{r: sr, max: 64 << 20, deliver: func(ev *SSEEvent, dispatched bool) {
		if dispatched {
			// Armed here, on the tap's goroutine: the next read the
			// reader sees comes after the tap is done with this event.
			sr.armed.Store(len(ev.Data) == size)
			got <- ev
		}
	}}
	ended := make(chan error, 1)
	go func() { ended <- tap.run() }()

	go func() {
		io.WriteString(pw, "event: message\ndata: small\n\n")
	}()
	select {
	case ev := <-got:
		if ev.Data != "small" {
			t.Fatalf("first event data %q, want %q", ev.Data, "small")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the first event never came")
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	payload := strings.Repeat("x", size)
	go func() {
		io.WriteString(pw, "event: message\ndata: "+payload+"\n\n")
	}()
	select {
	case kept = <-got:
	case <-time.After(10 * time.Second):
		t.Fatal("the large event never came")
	}
	select {
	case <-sr.reading: // the tap waits on the network again
	case <-time.After(10 * time.Second):
		t.Fatal("the tap never asked for more after the large event")
	}
	payload = ""
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if len(kept.Data) != size {
		t.Fatalf("large event data is %d bytes, want %d", len(kept.Data), size)
	}
	grew := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	if grew > 3*size/2 {
		t.Errorf("with a %d MiB event kept, the heap holds %.1f MiB more: the parser still holds copies of it", size>>20, float64(grew)/(1<<20))
	}

	// The stream goes on as before.
	io.WriteString(pw, "event: message\ndata: after\n\n")
	select {
	case ev := <-got:
		if ev.Data != "after" {
			t.Errorf("event after the large one has data %q, want %q", ev.Data, "after")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the event after the large one never came")
	}
	pw.Close()
	if err := <-ended; err != nil {
		t.Errorf("stream ended with %v, want a clean end", err)
	}
	runtime.KeepAlive(kept)
}
