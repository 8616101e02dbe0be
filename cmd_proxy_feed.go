package main

import (
	"sync"

	"github.com/mcpscope/mcpscope/mcp/proxy"
	"github.com/mcpscope/mcpscope/ui"
)

// clientFeed hands the TUI its client sessions, and their new names, in
// the order they came, without ever making the proxy wait for it: a
// session starts on the relay's path (with the proxy's lock on a client's
// first requests held), and the TUI may be slow, busy drawing a burst of
// sessions, or not running yet. What the TUI has not taken waits in a
// queue, in memory: a session is a few words here, its records go their
// own way.
type clientFeed struct {
	out  chan ui.Client
	gone <-chan struct{} // closed once the TUI stopped reading

	mu      sync.Mutex
	queue   []ui.Client
	stopped bool          // run returned: nothing queued now is taken
	wake    chan struct{} // something was queued
}

// newClientFeed starts a feed of out until gone is closed.
func newClientFeed(out chan ui.Client, gone <-chan struct{}) *clientFeed {
	f := &clientFeed{out: out, gone: gone, wake: make(chan struct{}, 1)}
	go f.run()
	return f
}

// send queues c for the TUI; it never blocks.
func (f *clientFeed) send(c ui.Client) {
	f.mu.Lock()
	if f.stopped {
		f.mu.Unlock()
		closeLogs([]ui.Client{c})
		return
	}
	f.queue = append(f.queue, c)
	f.mu.Unlock()
	select {
	case f.wake <- struct{}{}:
	default:
	}
}

// run hands the queue to the TUI until it stops reading; the recordings of
// sessions it never took are closed then (their records are drained by
// unshow, which took them from the same list).
func (f *clientFeed) run() {
	for {
		f.mu.Lock()
		q := f.queue
		f.queue = nil
		f.mu.Unlock()
		for i, c := range q {
			select {
			case f.out <- c:
			case <-f.gone:
				closeLogs(q[i:])
				f.stop()
				return
			}
		}
		select {
		case <-f.wake:
		case <-f.gone:
			f.stop()
			return
		}
	}
}

// stop closes the logs of what is still queued and has send close those
// of what comes later.
func (f *clientFeed) stop() {
	f.mu.Lock()
	q := f.queue
	f.queue, f.stopped = nil, true
	f.mu.Unlock()
	closeLogs(q)
}

// closeLogs closes the logs of sessions the TUI never took.
func closeLogs(cs []ui.Client) {
	for _, c := range cs {
		if c.Log != nil {
			c.Log.Close()
		}
	}
}

// rename passes on that a session's client said who it is. A client says
// so in its first message, before the message is relayed; a session that
// a GET before initialize began is handed on only once that message is
// in its records (holdEarly), and then under the name it has by then. Its
// new name is not passed on before it: the TUI would take it for a
// session of no records, and the session itself for a new name.
func (s *proxySessions) rename(c *proxy.Client) {
	if s.feed == nil {
		return // every line names the client as it is known then
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	named, shown := s.names[c.ID]
	if s.early.unstarted[c.ID] || !shown {
		return
	}
	s.feed.send(ui.Client{ID: c.ID, Name: named(c.Label()), Transport: c.Transport})
}

// closed reports whether ch is closed.
func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}
