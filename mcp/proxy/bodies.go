package proxy

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// A client's message is read whole before it is relayed, and held until
// its exchange ends: --max-event-size bounds one body, but nothing bounded
// them all, and a hundred clients each sending a body of 64 MiB (the
// default) at once made the proxy hold gigabytes, and could take it down
// with the user's recordings. So the proxy sets aside room for what it
// reads of clients' bodies from one budget, as the bytes come (a chunked
// body announces no size). A body that would take the proxy past it waits
// a moment for room (another's exchange ending), then is refused with 503.
// The first block of every body (firstBodyBlock, 64 KiB at most) is not
// counted: it is a connection's cost, as net/http's own buffers are, and
// so a small message always goes through however many large ones are
// being read.

// bodyRoomFold is how many bodies of --max-event-size the proxy holds at
// once.
const bodyRoomFold = 4

// bodyRoomWait is how long a body waits for room before it is refused.
const bodyRoomWait = 2 * time.Second

// bodyRoom is the proxy's budget for clients' bodies.
type bodyRoom struct {
	mu    sync.Mutex
	held  int64
	limit int64         // the budget
	freed chan struct{} // closed, and made anew, when room is given back
	wait  time.Duration // how long a body waits for room: bodyRoomWait, longer in tests that time the stop
	// stopped is closed when the proxy stops: Close waits for every
	// handler, so a body waiting for room must not hold it up.
	stopped <-chan struct{}
}

func newBodyRoom(limit int64, stopped <-chan struct{}) *bodyRoom {
	return &bodyRoom{limit: limit, freed: make(chan struct{}), wait: bodyRoomWait, stopped: stopped}
}

// take sets aside n bytes, waiting up to b.wait for them (less if
// ctx ends or the proxy stops first); it reports false when there is no
// room.
func (b *bodyRoom) take(ctx context.Context, n int64) bool {
	var timeout <-chan time.Time
	for {
		b.mu.Lock()
		if b.held+n <= b.limit {
			b.held += n
			b.mu.Unlock()
			return true
		}
		freed := b.freed
		b.mu.Unlock()
		if timeout == nil {
			t := time.NewTimer(b.wait)
			defer t.Stop()
			timeout = t.C
		}
		select {
		case <-freed:
		case <-timeout:
			return false
		case <-ctx.Done():
			return false
		case <-b.stopped:
			return false
		}
	}
}

// stopping reports whether the proxy has stopped: a body take refused
// then was refused because nothing waits for room any more, whatever the
// budget held.
func (b *bodyRoom) stopping() bool {
	select {
	case <-b.stopped:
		return true
	default:
		return false
	}
}

// give gives back n bytes taken, and wakes the bodies waiting for room.
func (b *bodyRoom) give(n int64) {
	if n == 0 {
		return
	}
	b.mu.Lock()
	b.held -= n
	close(b.freed)
	b.freed = make(chan struct{})
	b.mu.Unlock()
}

// full says, in a refusal's words after its subject (the proxy), what the
// proxy holds when it has no room for another body: one wording for the
// body refused (readBody) and the one left undecoded (readable).
func (b *bodyRoom) full() string {
	return fmt.Sprintf("already holds as many bytes of clients' request bodies at once as it allows (%d bytes, %d times --max-event-size)", b.limit, bodyRoomFold)
}

// bodyHold is what one body holds of the proxy's room: the buffer it is
// read into, once that is past the first block. Nil holds nothing, and
// takes from no budget.
type bodyHold struct {
	room *bodyRoom
	ctx  context.Context // the request's: a client gone waits no longer
	n    int64           // the room held: the buffer's, and while it is copied into a larger one, both
	cur  int64           // the room of the buffer read into now
}

// grow takes size bytes for the body's next buffer, waiting as take waits,
// and returns the room of the one it replaces, to give once it is copied.
func (h *bodyHold) grow(size int64) (old int64, ok bool) {
	if h == nil {
		return 0, true
	}
	if !h.room.take(h.ctx, size) {
		return 0, false
	}
	old, h.cur = h.cur, size
	h.n += size
	return old, true
}

// give gives back n bytes of what the body holds.
func (h *bodyHold) give(n int64) {
	if h == nil || n == 0 {
		return
	}
	h.n -= n
	h.room.give(n)
}

// shrink makes the room of the buffer read into size bytes (fewer than it
// has), giving back the rest.
func (h *bodyHold) shrink(size int64) {
	if h == nil {
		return
	}
	h.give(h.cur - size)
	h.cur = size
}

// release gives back all the body holds.
func (h *bodyHold) release() {
	if h != nil {
		h.give(h.n)
		h.cur = 0
	}
}
