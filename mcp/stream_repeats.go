package mcp

import "hash/maphash"

// repeats tells a stream whose messages are those of the stream before
// it, event for event, with no event id to say they are new. A server that
// answers every GET with the same message and "retry: 0" said something
// each time by the message alone, so it was reopened twenty times a second
// for as long as the session lasted, the same message recorded each time;
// a legacy server that greets each session alike and ends its stream was
// reconnected to twice a second. Counted as saying nothing, it ends like
// any stream that ends at once.
type repeats struct {
	h    maphash.Hash
	prev uint64
	has  bool // prev holds a stream's messages
	any  bool // the stream being read carried a message
}

// begin starts on a new stream's messages. The zero Hash picks its seed
// at first use, and Reset keeps it.
func (r *repeats) begin() {
	r.h.Reset()
	r.any = false
}

// add notes one message event's data.
func (r *repeats) add(data string) {
	r.any = true
	r.h.WriteString(data)
	r.h.WriteByte(0)
}

// same reports whether the stream just read carried messages, all of them
// those of the stream before it, in the same order; the stream's become
// the ones the next is compared with.
func (r *repeats) same() bool {
	sum := r.h.Sum64()
	same := r.any && r.has && sum == r.prev
	r.prev, r.has = sum, r.any
	return same
}
