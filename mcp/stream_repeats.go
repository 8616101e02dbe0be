package mcp

import (
	"fmt"
	"hash/maphash"
)

// repeats tells a stream whose messages are those of a stream shortly
// before it, event for event, with no event id to say they are new. A
// server that answers every GET with the same message and "retry: 0" said
// something each time by the message alone, so it was reopened twenty
// times a second for as long as the session lasted, the same message
// recorded each time; a legacy server that greets each session alike and
// ends its stream was reconnected to twice a second. Counted as saying
// nothing, it ends like any stream that ends at once. The last few streams
// are compared, not only the one before: two greetings taken in turn went
// round forever, each stream unlike the one before it.
type repeats struct {
	h    maphash.Hash
	prev [repeatsKept]uint64 // the streams before, newest first
	n    int                 // how many of prev hold a stream's messages, in a row
	any  bool                // the stream being read carried a message
}

// repeatsKept is how many streams back repeats looks for the same messages.
const repeatsKept = 4

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

// same reports how many streams back one carried the messages of the
// stream just read, all of them and in the same order (1: the one before),
// or 0 when none of the last repeatsKept did or it carried none; the
// stream's become the newest the next is compared with. A stream with no
// message breaks the run.
func (r *repeats) same() int {
	if !r.any {
		r.n = 0
		return 0
	}
	sum := r.h.Sum64()
	back := 0
	for i := range r.n {
		if r.prev[i] == sum {
			back = i + 1
			break
		}
	}
	copy(r.prev[1:], r.prev[:])
	r.prev[0] = sum
	r.n = min(r.n+1, repeatsKept)
	return back
}

// sameAs says which stream before a stream carried its messages, back as
// same reports it: "the same messages as the time before".
func sameAs(back int) string {
	switch back {
	case 1:
		return "the same messages as the time before"
	case 2:
		return "the same messages as the time before last"
	}
	return fmt.Sprintf("the same messages as the stream %d before it", back)
}
