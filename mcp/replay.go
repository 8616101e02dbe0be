package mcp

import (
	"hash/maphash"
	"strings"
)

// Replays. A stream reopened with Last-Event-ID may carry events received
// already: the store of one SDK replays every stream of the session, and
// some stores replay from the start. An answer received again pairs as a
// duplicate by its id; a server request received again (a form to fill, a
// message to sample) must not be put to the user, or answered, a second
// time. A server request is known again by the event that carried it: the
// same event id on the same connection with the same message bytes.

// askedEvent is a server request remembered by the event that carried it.
type askedEvent struct {
	conn int
	id   string // the event id
	sum  uint64 // of the message's bytes
	seq  int64  // the request's received record
}

// askedEvents remembers the latest server requests that came in events
// with ids, searched only for a request on a resumed stream.
type askedEvents struct {
	recent recent[askedEvent]
	seed   maphash.Seed
}

// key names a server request by its event, or ok is false when the event
// has no id to know it again by.
func (a *askedEvents) key(in *inbound, raw string) (askedEvent, bool) {
	if in.event == nil || !in.event.HasID || in.event.ID == "" || len(in.event.ID) > 256 {
		return askedEvent{}, false
	}
	if a.seed == (maphash.Seed{}) {
		a.seed = maphash.MakeSeed()
	}
	return askedEvent{conn: in.conn, id: in.event.ID, sum: maphash.String(a.seed, raw)}, true
}

// seen returns the received record of the server request k names, or 0.
func (a *askedEvents) seen(k askedEvent) int64 {
	e, _ := a.recent.newest(func(e askedEvent) bool {
		return e.seq != 0 && e.conn == k.conn && e.sum == k.sum && e.id == k.id
	})
	return e.seq
}

// remember keeps k, received as record seq.
func (a *askedEvents) remember(k askedEvent, seq int64) {
	// A copy: the id is a view of the event's bytes.
	k.id, k.seq = strings.Clone(k.id), seq
	a.recent.add(k)
}
