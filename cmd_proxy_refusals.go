package main

import "time"

// refusals counts the requests the proxy refused with one status, and
// when one was last said: a client refused as fast as it asks gets at
// most a line a second, saying how many went by unsaid. Requests in no
// session are counted in proxySessions.refusals, a session's own in its
// linePrinter.
type refusals struct {
	total, unsaid int
	saidAt        time.Time
}

// refusalsOf is the count of status in *m, made at its first refusal.
func refusalsOf(m *map[int]*refusals, status int) *refusals {
	if *m == nil {
		*m = map[int]*refusals{}
	}
	c := (*m)[status]
	if c == nil {
		c = &refusals{}
		(*m)[status] = c
	}
	return c
}

// add counts a refusal at now and reports whether to say it: when it can
// be said and none was in the second before. more is how many before it
// went unsaid since the last one said.
func (c *refusals) add(now time.Time, canSay bool) (more int, say bool) {
	c.total++
	c.unsaid++
	if !canSay || !c.saidAt.IsZero() && now.Sub(c.saidAt) < time.Second {
		return 0, false
	}
	more = c.unsaid - 1
	c.unsaid, c.saidAt = 0, now
	return more, true
}
