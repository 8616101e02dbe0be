package mcp

// recentKept is how many things a recent ring keeps.
const recentKept = 256

// recent keeps the latest recentKept values of a kind, forgetting the
// oldest: a ring whose slot next holds the oldest once full. The pairing's
// answered ids and the server requests known by their events are both
// written often and searched rarely (for an answer that pairs with
// nothing, for a request on a resumed stream), so a ring searched newest
// first costs less than a map kept in step. The zero value is empty.
type recent[T any] struct {
	ring [recentKept]T
	next int
}

// add keeps v, forgetting the oldest value when the ring is full.
func (r *recent[T]) add(v T) {
	r.ring[r.next] = v
	r.next = (r.next + 1) % recentKept
}

// newest is the newest value kept for which match is true. Slots not yet
// written hold T's zero value, which match must refuse.
func (r *recent[T]) newest(match func(T) bool) (T, bool) {
	for i := range recentKept {
		if v := r.ring[(r.next-1-i+recentKept)%recentKept]; match(v) {
			return v, true
		}
	}
	var zero T
	return zero, false
}

// take is newest, forgotten once found: a value that stands for one thing
// to come, which comes once.
func (r *recent[T]) take(match func(T) bool) (T, bool) {
	for i := range recentKept {
		j := (r.next - 1 - i + recentKept) % recentKept
		if v := r.ring[j]; match(v) {
			var zero T
			r.ring[j] = zero
			return v, true
		}
	}
	var zero T
	return zero, false
}
