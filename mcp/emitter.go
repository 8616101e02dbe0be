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
// A pump goroutine moves queued records to the channel in batches. Handing
// each record over directly would wake the consumer once per record, which on
// a busy stream costs more than parsing the record did.
type emitter struct {
	mu      sync.Mutex
	cond    *sync.Cond
	queue   []Record
	spare   []Record // the pump's last batch, reused for the next queue
	seq     int64
	closed  bool
	waiting bool // the pump is asleep and needs a signal
	out     chan Record
	now     func() time.Time
}

func newEmitter(now func() time.Time) *emitter {
	e := &emitter{out: make(chan Record, 4096), now: now}
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
	if e.waiting {
		e.waiting = false
		e.cond.Signal()
	}
	return r
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
		e.queue, e.spare = e.spare[:0], nil
		done := e.closed
		e.mu.Unlock()
		for i := range batch {
			e.out <- batch[i]
			batch[i] = Record{} // let delivered records go
		}
		e.mu.Lock()
		e.spare = batch[:0]
		e.mu.Unlock()
		if done && len(batch) == 0 {
			close(e.out)
			return
		}
	}
}
