package mcp

import (
	"sync"
	"time"
)

// emitter numbers records and hands them to the consumer in order. Emitting
// never waits: the stream reader must not stall in the middle of a read for
// a slow consumer, or a server's ping would go unanswered and some servers
// close the stream about 1.5 s later. The backlog is still bounded: before
// its next network read a stream reader, or a proxy's relay, waits while the
// records not yet taken weigh more than backlogLimit (waitRoom), so a server
// that floods faster than the consumer reads (exec --json into a pipe, a busy
// TUI, a recording on a slow disk) is held back by TCP, not by memory.
//
// A pump goroutine hands queued records over as one batch per channel send.
// A channel of single records would cost a handoff per record, which on a
// busy stream costs more than parsing the record did. The queue is a list of
// fixed-size chunks, each of which becomes a batch, so a backlog grows
// without copying what it already holds.
type emitter struct {
	mu      sync.Mutex
	cond    *sync.Cond
	full    [][]Record // chunks that filled up, oldest first
	fullW   []int64    // the weight of each full chunk
	queueW  int64      // the weight of queue
	queue   []Record   // the chunk being filled
	seq     int64
	closed  bool
	holders int // stream readers in the middle of a read: they wake the pump when done
	out     chan []Record
	// pending weighs the records not yet handed to the consumer (the
	// channel holds one batch more), for the readers that wait for room
	// (waitRoom) instead of growing the queue.
	pending int64
	waiters int        // readers waiting for room
	room    *sync.Cond // signalled when the pump hands records over, or on close
	now     func() time.Time
}

// batchSize is the size of a queue chunk, each handed over as one batch:
// large enough that a handoff costs little per record, small enough that a
// consumer never takes on a huge batch at once.
const batchSize = 256

// firstChunk is the room a new chunk starts with.
const firstChunk = 8

// newEmitter starts an emitter. Its channel holds one batch at most: a
// batch in the channel has left the weighed backlog (waitRoom) but not the
// process, and 64 batches of large events would be gigabytes.
func newEmitter(now func() time.Time) *emitter {
	e := &emitter{out: make(chan []Record, 1), now: now}
	e.cond = sync.NewCond(&e.mu)
	e.room = sync.NewCond(&e.mu)
	go e.pump()
	return e
}

// emit numbers r, stamps it if it has no time, queues it and returns its
// number (0 once closed). Callers that must keep their own bookkeeping in
// step with the log call it while holding their lock, so the numbering
// matches what happened.
func (e *emitter) emit(r Record) int64 { return e.emitAfter(nil, r) }

// emitAfter emits first, when it is not nil, and then r, with nothing in
// between, and returns r's number. An event and the message it carries go
// out together this way, at the cost of one lock rather than two.
func (e *emitter) emitAfter(first *Record, r Record) int64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return 0
	}
	if first != nil {
		e.push(first)
	}
	e.push(&r)
	if e.holders == 0 {
		e.wake()
	}
	return r.Seq
}

// push numbers and queues one record; e.mu is held.
func (e *emitter) push(r *Record) {
	e.seq++
	r.Seq = e.seq
	w := int64(r.Weight())
	e.pending += w
	e.queueW += w
	if r.Time.IsZero() {
		// Wall clock only: a recording keeps no monotonic reading, and the
		// timings a replay derives from these times must equal the live ones.
		r.Time = e.now().Round(0)
	}
	if e.queue == nil {
		// Most batches are a read's few records: a chunk made whole
		// (batchSize records, tens of KiB) for each was most of what a
		// session allocated, and a consumer that holds little (replay
		// --against) ran the collector ten times as often for it. A
		// chunk grows to batchSize as a flood fills it.
		e.queue = make([]Record, 0, firstChunk)
	}
	e.queue = append(e.queue, *r)
	if len(e.queue) == batchSize {
		e.full, e.fullW = append(e.full, e.queue), append(e.fullW, e.queueW)
		e.queue, e.queueW = nil, 0
	}
}

func (e *emitter) wake() {
	if len(e.full) > 0 || len(e.queue) > 0 {
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
	e.room.Broadcast()
	e.mu.Unlock()
}

func (e *emitter) pump() {
	for {
		e.mu.Lock()
		// A partly filled chunk waits while a stream reader is mid-read:
		// more of that read's records are coming.
		for len(e.full) == 0 && (len(e.queue) == 0 || e.holders > 0) && !e.closed {
			e.cond.Wait()
		}
		batches, weights := e.full, e.fullW
		e.full, e.fullW = nil, nil
		if len(e.queue) > 0 && (e.holders == 0 || e.closed) {
			batches, weights = append(batches, e.queue), append(weights, e.queueW)
			e.queue, e.queueW = nil, 0
		}
		done := e.closed && len(batches) == 0
		e.mu.Unlock()
		for i, b := range batches {
			e.out <- b
			e.handed(weights[i])
		}
		if done {
			close(e.out)
			return
		}
	}
}
