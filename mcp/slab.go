package mcp

// slab hands out values carved from shared chunks, one allocation per
// slabSize values instead of one each. A stream reader makes small objects
// for every event, and allocated one by one they cost about as much as
// parsing the event did. A chunk lives until none of its values is
// referenced; the log keeps every record anyway, so that costs nothing.
// A slab belongs to one goroutine.
type slab[T any] struct{ free []T }

const slabSize = 64

func (s *slab[T]) new() *T {
	if len(s.free) == 0 {
		s.free = make([]T, slabSize)
	}
	p := &s.free[0]
	s.free = s.free[1:]
	return p
}
