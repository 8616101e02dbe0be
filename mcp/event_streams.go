package mcp

import (
	"hash/maphash"
	"sync"
)

// Which stream each event id came on. An event id is unique across all the
// streams of a session and is a cursor in the one stream it came on
// (2025-11-25, "resumability"): an event a resumed stream replays from
// another stream of ours (one SDK's store replays every stream of the
// session: the GET stream's logs, another request's progress) carries that
// stream's cursor, and resuming from it would resume that stream. Whose
// message the event holds cannot tell a log replayed from the GET stream
// from one of the request's own; the stream its id first came on can.

// maxStreamEventIDs bounds the event ids a session remembers the stream of:
// past it the oldest are forgotten first (generations), so a long session
// still knows its latest ones, which a resumption replays (a forgotten id is
// taken as the stream's own where it comes again, as before any was kept).
const maxStreamEventIDs = 1 << 14

// eventStreams remembers, by a hash of each event id and the session (conn)
// it came in, the first stream it came on and what it carried.
type eventStreams struct {
	mu      sync.Mutex
	seed    maphash.Seed
	first   *generations[eventKey, firstOn] // the stream the id came on first
	streams uint64                          // streams numbered so far
}

// firstOn is the stream an event id came on first, and a hash of the
// event's data: a replay carries the same data, where a server numbering
// each stream's events afresh (restarted, or counting per stream) sends
// new data under an id used before.
type firstOn struct {
	stream, data uint64
}

// eventKey is an event id of one session: a new session may use the same
// ids again.
type eventKey struct {
	conn int
	id   uint64
}

// claim notes that the event id, with data, came on in's stream and
// reports whether it came first on another stream of the session, with
// the same data: a replay of that stream's event, which only a resumed
// stream carries. An id used again with other data, or on a stream that
// resumed nothing, is taken as in's own from then on.
func (e *eventStreams) claim(in *inbound, id, data string) (elsewhere bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.first == nil {
		e.seed, e.first = maphash.MakeSeed(), newGenerations[eventKey, firstOn](maxStreamEventIDs)
	}
	if in.no == 0 {
		e.streams++
		in.no = e.streams
	}
	k := eventKey{conn: in.conn, id: maphash.String(e.seed, id)}
	sum := maphash.String(e.seed, data)
	// A stream that resumed nothing replays nothing: its events are its
	// own even where a resumed stream's replay of them was read first
	// (another store's replay may race ahead of the stream it copies).
	if f, ok := e.first.get(k); ok && f.data == sum && in.resumed {
		return f.stream != in.no
	}
	e.first.put(k, firstOn{stream: in.no, data: sum})
	return false
}
