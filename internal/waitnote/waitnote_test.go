package waitnote

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A wait that is no longer out when first looked at is never said, though
// the caller still waits on something else: quitting called a slow close
// the DELETE once it took After, after the DELETE had been answered.
func TestWatchSaysNothingOfAWaitNoLongerOut(t *testing.T) {
	var said atomic.Bool
	over := make(chan struct{})
	stop := Watch(time.Millisecond, func() bool { return false }, func() { said.Store(true) }, func() { close(over) })
	defer stop()
	select {
	case <-over:
	case <-time.After(10 * time.Second):
		t.Fatal("the watch never looked")
	}
	if said.Load() {
		t.Error("a wait that was not out was said")
	}
}

// A wait still out is said once, however many looks find it out, and its
// end is told after.
func TestWatchSaysAWaitOutOnceThenItsEnd(t *testing.T) {
	var looks, says atomic.Int32
	events := make(chan string, 4)
	out := func() bool { return looks.Add(1) <= 3 }
	stop := Watch(time.Millisecond, out, func() { says.Add(1); events <- "said" }, func() { events <- "over" })
	defer stop()
	var got []string
	for len(got) < 2 {
		select {
		case e := <-events:
			got = append(got, e)
		case <-time.After(10 * time.Second):
			t.Fatalf("the watch told %q, want said then over", got)
		}
	}
	if got[0] != "said" || got[1] != "over" || says.Load() != 1 {
		t.Errorf("the watch told %q, said %d times, want said once, then over", got, says.Load())
	}
}

// Say writes its line once its time has passed.
func TestSayWritesTheLineOnce(t *testing.T) {
	written := make(chan struct{})
	w := &notifyWriter{done: written}
	stop := Say(w, time.Millisecond, "mcpscope: waiting…")
	defer stop()
	select {
	case <-written:
	case <-time.After(10 * time.Second):
		t.Fatal("Say never wrote its line")
	}
	stop()
	if got := w.b.String(); got != "mcpscope: waiting…\n" {
		t.Errorf("Say wrote %q, want the line once", got)
	}
}

// notifyWriter closes done on its first write.
type notifyWriter struct {
	b    strings.Builder
	done chan struct{}
}

func (n *notifyWriter) Write(p []byte) (int, error) {
	if n.b.Len() == 0 {
		defer close(n.done)
	}
	return n.b.Write(p)
}
