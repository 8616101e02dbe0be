package mcp

import "context"

// backlogLimit is how much a log may hold back from its consumer, by the
// records' Weight, before a reader that
// asks (waitRoom) waits: a session's stream reader before its next network
// read, a proxy's relay before its next. A consumer that keeps up never
// lets it come near; a flood does, and then waits on TCP. A variable so a
// test can make it small.
var backlogLimit int64 = 16 << 20

// handed counts a batch of weight n the consumer took, and wakes the
// readers waiting for room.
func (e *emitter) handed(n int64) {
	e.mu.Lock()
	e.pending -= n
	if e.waiters > 0 {
		e.room.Broadcast()
	}
	e.mu.Unlock()
}

// waitRoom waits until the records not yet handed to the consumer weigh
// at most backlogLimit, the emitter closed, or ctx ended.
func (e *emitter) waitRoom(ctx context.Context) {
	limit := backlogLimit
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

// WaitRoom waits while the log holds back more than backlogLimit, until
// its consumer catches up or ctx ends. A relay calls it before reading
// more from the network, so a stream faster than the log slows to the
// log's pace (and TCP slows the sender) instead of the log growing without
// bound.
func (o *Observer) WaitRoom(ctx context.Context) { o.out.waitRoom(ctx) }
