package proxy

import (
	"sync"
	"time"
)

// A session its stream's first event settles (openStream) logs how it
// began (its detection, its stream's exchange, the endpoint, open) while
// that event is relayed, after the read that brought it was stamped: the
// events of that read, numbered after those records, were stamped earlier,
// and headless, which orders its lines by time, printed the stream's first
// message before the session's opening. Its records are stamped, while it
// is settled, with the time of that read, so numbers and times agree.

// sessionClock is the clock a session's records are stamped by.
type sessionClock struct {
	now    func() time.Time
	mu     sync.Mutex
	last   time.Time // the time it read last: a stream's read, when it settles the session
	pinned bool
}

// read is the time now, or the time it last read while pinned.
func (k *sessionClock) read() time.Time {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.pinned {
		k.last = k.now()
	}
	return k.last
}

// pin stamps what is logged until unpin with the time it read last.
func (k *sessionClock) pin() (unpin func()) {
	k.mu.Lock()
	k.pinned = true
	k.mu.Unlock()
	return func() {
		k.mu.Lock()
		k.pinned = false
		k.mu.Unlock()
	}
}
