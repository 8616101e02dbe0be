package jsonspan

// Span is where one JSON value is in a text: src[From:To].
type Span struct{ From, To int }

// FirstValueEnd is where the JSON value of kind (an object, an array) that
// src begins with ends, 0 when it begins with none or its text breaks
// before its end: the tokenizer reads up to its close, checking its
// grammar, and no further, so what follows it (a client's trailing bytes)
// is never read.
func FirstValueEnd(src []byte, kind Kind) int {
	if whole, spans, _ := Closed(src); whole && src[spans[0].To-1] == closer(kind) {
		return spans[0].To
	}
	return 0
}

// Closed reads the JSON object or array src begins with, checking its
// grammar, up to where it closes (whole, and spans is that value), or to
// where its text breaks or ends (at stop). A value that never closes
// gives the outermost values nested in it that did, in order: an example
// inside a stray bracket of prose ("[[[ {"a":1}"). A caller looking for
// values at each bracket of a text goes on from stop: a bracket before it
// that began a token of this scan would be read to the same place, and
// close only as one of spans, so a text of brackets is read once, not
// once from each.
func Closed(src []byte) (whole bool, spans []Span, stop int) {
	s := NewScanner(src)
	var starts []int // where the containers open at each depth began
	var err error
	for err = s.Next(); err == nil; err = s.Next() {
		t := s.Token()
		if t.Kind != Object && t.Kind != Array || t.Key {
			continue
		}
		if !t.Close {
			starts = append(starts[:t.Depth], t.From)
			continue
		}
		from := starts[t.Depth]
		if t.Depth == 0 {
			return true, []Span{{from, t.To}}, t.To
		}
		// The values nested in this one, kept as they closed, are inside it.
		for len(spans) > 0 && spans[len(spans)-1].From > from {
			spans = spans[:len(spans)-1]
		}
		spans = append(spans, Span{from, t.To})
	}
	stop = len(src)
	if e, ok := err.(*SyntaxError); ok {
		stop = e.Offset
	}
	// At least past the first byte: a caller goes on from stop.
	return false, spans, max(stop, 1)
}
