package proxy

import "time"

// A session can wait on its client: one held back as a possible probe
// waits for the client's initialize after each exchange (probe.go), and
// one a GET before initialize began waits for the initialize after the
// GET (awaitInitialize). Each waits by one timer, the latest: a later
// exchange restarts the wait rather than add a timer, and the wait stops
// when the session is settled, initialized or ended. A proxy serving many
// short clients keeps no timer (nor the session it holds) for a client
// that is gone.

// waitWhile runs f once d passes with no later wait or stopWait on c, if
// still (called with c.mu held) is true now: what c waits for is checked
// as the wait begins, so what ends the wait (stopping it under c.mu)
// cannot come between the two. Nothing once c's records closed.
func (c *Client) waitWhile(still func() bool, d time.Duration, f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed || !still() {
		return
	}
	c.stopWaitLocked()
	var t *time.Timer
	t = time.AfterFunc(d, func() {
		c.mu.Lock()
		mine := c.wait == t
		if mine {
			c.wait = nil
			c.p.waits.Add(-1)
		}
		c.mu.Unlock()
		if mine {
			f()
		}
	})
	c.wait = t
	c.p.waits.Add(1)
}

// stopWait stops what c waits for, if anything.
func (c *Client) stopWait() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stopWaitLocked()
}

// stopWaitLocked is stopWait with c.mu held. A timer that fired already
// finds it is no longer c's and does nothing.
func (c *Client) stopWaitLocked() {
	if c.wait == nil {
		return
	}
	c.wait.Stop()
	c.wait = nil
	c.p.waits.Add(-1)
}

// waiting is how many sessions wait on their client now.
func (p *Proxy) waiting() int64 { return p.waits.Load() }
