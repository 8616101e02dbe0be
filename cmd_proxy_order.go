package main

import (
	"container/heap"
	"context"
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

// holdWait bounds how long lines wait for a session held back
// (holdEarly) to be let out: the lines of one held longer (a GET before
// initialize whose client waits to initialize) print when it is let out,
// each with its own time, after lines stamped later. It outlasts
// answerWait, the longest any other session is held. A var only so that
// a test can hold longer than a loaded machine takes to initialize.
var holdWait = answerWait + orderDelay

// lineQueue is how many lines due wait for a stderr that is slow to take
// them; past it lines are dropped and counted, rather than hold up every
// session's printer and, behind it, the relay.
const lineQueue = 4096

// closeWait bounds how long close waits for the last lines to go out to a
// stderr that does not take them: stopping never hangs on it.
const closeWait = 2 * time.Second

// lineOrder prints the headless proxy's lines in the order of their times,
// from every session: a line waits orderDelay, then goes out with the
// lines stamped before it. Lines are held until start (the banner goes
// first), and close prints what is left. The relay never waits for it:
// lines due go to one writer goroutine through a queue of lineQueue lines,
// and when stderr does not keep up and the queue is full, lines are
// dropped and a line says how many.
type lineOrder struct {
	w   io.Writer
	now func() time.Time

	mu      sync.Mutex
	lines   lineHeap
	n       int64 // lines so far: equal times keep the order they came in
	started bool
	wake    chan struct{} // a line came, or start or close was called
	done    chan struct{} // the ordering goroutine ended
	closed  bool

	queue   chan string   // lines due, for the writer
	written chan struct{} // the writer ended: every queued line is out
	dropped int           // lines dropped since the last count line; run's alone
	// holds are the times sessions held back began, by hold: lines
	// stamped after one wait for its session's lines, up to holdWait.
	holds map[int64]time.Time
}

// newLineOrder makes a lineOrder writing to w; nothing is printed until
// start.
func newLineOrder(w io.Writer) *lineOrder {
	return startLineOrder(w, time.Now, lineQueue)
}

// startLineOrder makes a lineOrder on the clock now with a queue of n
// lines, and starts its goroutines.
func startLineOrder(w io.Writer, now func() time.Time, n int) *lineOrder {
	o := &lineOrder{w: w, now: now, wake: make(chan struct{}, 1), done: make(chan struct{}),
		queue: make(chan string, n), written: make(chan struct{})}
	go o.run()
	go o.write()
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

// hold makes lines stamped after at wait, up to holdWait past at, for
// the lines of a session that began at and is held back (holdEarly): they
// come stamped from at on once it is let out, and go in order with the
// rest. The function it returns ends the hold, once they are added.
func (o *lineOrder) hold(at time.Time) (release func()) {
	o.mu.Lock()
	o.n++
	id := o.n
	if o.holds == nil {
		o.holds = map[int64]time.Time{}
	}
	o.holds[id] = at
	o.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			o.mu.Lock()
			delete(o.holds, id)
			o.mu.Unlock()
			o.poke()
		})
	}
}

// held reports whether a line stamped at waits for a held session at
// now, and if so how long until the hold that keeps it runs out; o.mu is
// held.
func (o *lineOrder) held(at, now time.Time) (bool, time.Duration) {
	keep, wait := false, time.Duration(0)
	for _, from := range o.holds {
		left := from.Add(holdWait).Sub(now)
		if left <= 0 || !at.After(from) {
			continue
		}
		if !keep || left < wait {
			keep, wait = true, left
		}
	}
	return keep, wait
}

// start lets the lines out.
func (o *lineOrder) start() {
	o.mu.Lock()
	o.started = true
	o.mu.Unlock()
	o.poke()
}

// close prints every line still waiting, in order, and returns once they
// are out, or after closeWait when stderr does not take them.
func (o *lineOrder) close() {
	o.mu.Lock()
	already := o.closed
	o.closed, o.started = true, true
	o.mu.Unlock()
	if !already {
		o.poke()
	}
	<-o.done
	select {
	case <-o.written:
	case <-time.After(closeWait):
	}
}

// hand queues a line for the writer ("" queues only the count of lines
// dropped, if any), first saying how many were dropped before it. With no
// room it drops the line, or with a deadline waits for room until then.
func (o *lineOrder) hand(text string, deadline <-chan struct{}) {
	if o.dropped > 0 {
		if !o.send(fmt.Sprintf("mcpscope: %d lines dropped here: stderr was not taking them fast enough (the recordings keep every record)", o.dropped), deadline) {
			if text != "" {
				o.dropped++
			}
			return
		}
		o.dropped = 0
	}
	if text != "" && !o.send(text, deadline) {
		o.dropped++
	}
}

// send queues a line, waiting for room until deadline (not at all when it
// is nil); it reports whether the line was queued.
func (o *lineOrder) send(text string, deadline <-chan struct{}) bool {
	select {
	case o.queue <- text:
		return true
	default:
	}
	if deadline == nil {
		return false
	}
	select {
	case o.queue <- text:
		return true
	case <-deadline:
		return false
	}
}

// write prints the queued lines, outside any lock.
func (o *lineOrder) write() {
	defer close(o.written)
	for text := range o.queue {
		fmt.Fprintln(o.w, text)
	}
}

func (o *lineOrder) poke() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// run hands each line to the writer once it is orderDelay old (all of
// them once closed), and sleeps until the next is due or something
// changes. It never writes itself: a blocked stderr must not hold the lock
// that add takes.
func (o *lineOrder) run() {
	defer close(o.done)
	defer close(o.queue)
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	var ready []string
	for {
		o.mu.Lock()
		now := o.now()
		due := now.Add(-orderDelay)
		for o.started && o.lines.Len() > 0 && (o.closed || o.out(o.lines[0].at, due, now)) {
			ready = append(ready, heap.Pop(&o.lines).(line).text)
		}
		closed, wait := o.closed, time.Hour
		if o.started && o.lines.Len() > 0 {
			wait = o.lines[0].at.Sub(due)
			if keep, left := o.held(o.lines[0].at, now); keep {
				wait = max(wait, left)
			}
		}
		o.mu.Unlock()
		var deadline <-chan struct{}
		if closed {
			// The last lines may wait for room, a little; once that is
			// over, deadline stays done for every line after.
			ctx, cancel := context.WithTimeout(context.Background(), closeWait)
			defer cancel()
			deadline = ctx.Done()
		}
		for _, text := range ready {
			o.hand(text, deadline)
		}
		ready = ready[:0]
		if closed {
			o.hand("", deadline)
			return
		}
		timer.Reset(wait)
		select {
		case <-o.wake:
		case <-timer.C:
		}
	}
}

// out reports whether a line stamped at is due: stamped by due, and not
// waiting for a held session; o.mu is held.
func (o *lineOrder) out(at, due, now time.Time) bool {
	if at.After(due) {
		return false
	}
	keep, _ := o.held(at, now)
	return !keep
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
