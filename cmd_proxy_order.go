package main

import (
	"container/heap"
	"fmt"
	"io"
	"sync"
	"time"
)

// orderDelay is how long a headless line waits for lines stamped earlier
// that are still on their way. Each session's records reach its printer
// on a goroutine of its own, and an answer is logged just after its bytes
// were relayed (the client is not kept waiting for the log), so a client
// can send its next message, and have it printed, before the answer that
// prompted it: a few milliseconds apart at most.
const orderDelay = 50 * time.Millisecond

// lineOrder prints the headless proxy's lines in the order of their times,
// from every session: a line waits orderDelay, then goes out with the
// lines stamped before it. Lines are held until start (the banner goes
// first), and close prints what is left. The relay never waits for it.
type lineOrder struct {
	w   io.Writer
	now func() time.Time

	mu      sync.Mutex
	lines   lineHeap
	n       int64 // lines so far: equal times keep the order they came in
	started bool
	wake    chan struct{} // a line came, or start or close was called
	done    chan struct{} // the printing goroutine ended
	closed  bool
}

// newLineOrder makes a lineOrder writing to w; nothing is printed until
// start.
func newLineOrder(w io.Writer) *lineOrder {
	o := &lineOrder{w: w, now: time.Now, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go o.run()
	return o
}

// add queues a line stamped at.
func (o *lineOrder) add(at time.Time, text string) {
	o.mu.Lock()
	if o.closed {
		o.mu.Unlock()
		fmt.Fprintln(o.w, text) // late, but never lost
		return
	}
	o.n++
	heap.Push(&o.lines, line{at: at, n: o.n, text: text})
	o.mu.Unlock()
	o.poke()
}

// start lets the lines out.
func (o *lineOrder) start() {
	o.mu.Lock()
	o.started = true
	o.mu.Unlock()
	o.poke()
}

// close prints every line still waiting, in order, and returns once they
// are out.
func (o *lineOrder) close() {
	o.mu.Lock()
	already := o.closed
	o.closed, o.started = true, true
	o.mu.Unlock()
	if !already {
		o.poke()
	}
	<-o.done
}

func (o *lineOrder) poke() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// run prints each line once it is orderDelay old (all of them once
// closed), and sleeps until the next is due or something changes.
func (o *lineOrder) run() {
	defer close(o.done)
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		o.mu.Lock()
		due := o.now().Add(-orderDelay)
		for o.started && o.lines.Len() > 0 && (o.closed || !o.lines[0].at.After(due)) {
			fmt.Fprintln(o.w, heap.Pop(&o.lines).(line).text)
		}
		closed, wait := o.closed, time.Hour
		if o.started && o.lines.Len() > 0 {
			wait = o.lines[0].at.Sub(due)
		}
		o.mu.Unlock()
		if closed {
			return
		}
		timer.Reset(wait)
		select {
		case <-o.wake:
		case <-timer.C:
		}
	}
}

// line is a line to print, stamped at, the n-th to come.
type line struct {
	at   time.Time
	n    int64
	text string
}

// lineHeap is a min-heap of lines, oldest first.
type lineHeap []line

func (h lineHeap) Len() int { return len(h) }
func (h lineHeap) Less(i, j int) bool {
	if !h[i].at.Equal(h[j].at) {
		return h[i].at.Before(h[j].at)
	}
	return h[i].n < h[j].n
}
func (h lineHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *lineHeap) Push(x any)   { *h = append(*h, x.(line)) }
func (h *lineHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
