package mcp

import "context"

// RelayBacklog is how much an Observer's log may hold back, in bytes of the
// records' raw text plus recordOverhead each, before a relay that asks
// (WaitRoom) waits: a proxy relaying a fast stream to a fast client must
// not outrun its own recording without bound.
const RelayBacklog = 16 << 20

// recordOverhead is what a record costs beyond its raw text, roughly: the
// record, its parts and their strings.
const recordOverhead = 512

// weight is what a record costs to hold, roughly.
func weight(r *Record) int64 { return int64(recordOverhead + r.PayloadSize()) }

// handed counts a batch of weight n the consumer took, and wakes the
// relays waiting for room.
func (e *emitter) handed(n int64) {
	e.mu.Lock()
	e.pending -= n
	if e.waiters > 0 {
		e.room.Broadcast()
	}
	e.mu.Unlock()
}

// waitRoom waits until the records not yet handed to the consumer weigh
// at most limit, the emitter closed, or ctx ended.
func (e *emitter) waitRoom(ctx context.Context, limit int64) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.pending <= limit || e.closed {
		return
	}
	stop := context.AfterFunc(ctx, func() {
		e.mu.Lock()
		e.room.Broadcast()
		e.mu.Unlock()
	})
	defer stop()
	e.waiters++
	for e.pending > limit && !e.closed && ctx.Err() == nil {
		e.room.Wait()
	}
	e.waiters--
}

// WaitRoom waits while the log holds back more than RelayBacklog, until
// its consumer catches up or ctx ends. A relay calls it before reading
// more from the network, so a stream faster than the log slows to the
// log's pace (and TCP slows the sender) instead of the log growing without
// bound. A Session never waits: it must read on to answer the server.
func (o *Observer) WaitRoom(ctx context.Context) { o.out.waitRoom(ctx, RelayBacklog) }
