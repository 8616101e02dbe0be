package mcp

// slab hands out values carved from shared chunks, one allocation per
// slabSize values instead of one each. A stream reader makes small objects
// for every event, and allocated one by one they cost about as much as
// parsing the event did. A chunk lives until none of its values is
// referenced, so a small value can outlive its use by up to slabSize-1
// neighbours; slabbedMax keeps that cheap. A slab belongs to one goroutine.
type slab[T any] struct{ free []T }

const slabSize = 64

// slabbedMax is the most data a slab value may describe. A chunk stays
// alive while any of its values is, and a value keeps its data alive, so
// one describing a large event gets its own allocation: otherwise a command
// that logs records and drops them would keep big events alive for as long
// as their chunk's neighbours lived.
const slabbedMax = 4 << 10

// newFor returns a value for describing size bytes of data.
func (s *slab[T]) newFor(size int) *T {
	if size > slabbedMax {
		return new(T)
	}
	return s.new()
}

func (s *slab[T]) new() *T {
	if len(s.free) == 0 {
		s.free = make([]T, slabSize)
	}
	p := &s.free[0]
	s.free = s.free[1:]
	return p
}
