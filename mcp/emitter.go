package mcp

import (
	"sync"
	"time"
)

// emitter numbers records and hands them to the consumer in order. Its queue
// is unbounded on purpose: the stream reader must never wait for a slow
// consumer, or a server's ping would go unanswered and some servers close the
// stream about 1.5 s later.
//
// A pump goroutine hands queued records over as one batch per channel send.
// A channel of single records would cost a handoff per record, which on a
// busy stream costs more than parsing the record did.
type emitter struct {
	mu      sync.Mutex
	cond    *sync.Cond
	queue   []Record
	seq     int64
	closed  bool
	waiting bool // the pump is asleep and needs a signal
	holders int  // stream readers in the middle of a read: they wake the pump when done
	out     chan []Record
	now     func() time.Time
}

func newEmitter(now func() time.Time) *emitter {
	e := &emitter{out: make(chan []Record, 64), now: now}
	e.cond = sync.NewCond(&e.mu)
	go e.pump()
	return e
}

// emit numbers r, stamps it if it has no time, queues it and returns it.
// Callers that must keep their own bookkeeping in step with the log call it
// while holding their lock, so the numbering matches what happened.
func (e *emitter) emit(r Record) Record {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return r
	}
	e.seq++
	r.Seq = e.seq
	if r.Time.IsZero() {
		// Wall clock only: a recording keeps no monotonic reading, and the
		// timings a replay derives from these times must equal the live ones.
		r.Time = e.now().Round(0)
	}
	e.queue = append(e.queue, r)
	if e.holders == 0 {
		e.wake()
	}
	return r
}

func (e *emitter) wake() {
	if e.waiting && len(e.queue) > 0 {
		e.waiting = false
		e.cond.Signal()
	}
}

// hold and release bracket the processing of one network read: the records
// it produces are handed over together, one wake-up per read rather than per
// record. Records from other goroutines wait at most until the read is done.
func (e *emitter) hold() {
	e.mu.Lock()
	e.holders++
	e.mu.Unlock()
}

func (e *emitter) release() {
	e.mu.Lock()
	e.holders--
	if e.holders == 0 {
		e.wake()
	}
	e.mu.Unlock()
}

// close lets the queue drain and then closes the channel.
func (e *emitter) close() {
	e.mu.Lock()
	e.closed = true
	e.cond.Signal()
	e.mu.Unlock()
}

func (e *emitter) pump() {
	for {
		e.mu.Lock()
		for len(e.queue) == 0 && !e.closed {
			e.waiting = true
			e.cond.Wait()
		}
		batch := e.queue
		// The batch now belongs to the consumer; the next one starts at the
		// size this one reached, so a busy stream does not regrow it.
		e.queue = make([]Record, 0, max(16, len(batch)))
		done := e.closed
		e.mu.Unlock()
		if len(batch) > 0 {
			e.out <- batch
		}
		if done && len(batch) == 0 {
			close(e.out)
			return
		}
	}
}
