package jsonspan

// FirstValueEnd is where the JSON value of kind (an object, an array) that
// src begins with ends, 0 when it begins with none or its text breaks
// before its end: the tokenizer reads up to its close, checking its
// grammar, and no further, so what follows it (a client's trailing bytes,
// a description's prose) is never read.
func FirstValueEnd(src []byte, kind Kind) int {
	s := NewScanner(src)
	for s.Next() == nil {
		t := s.Token()
		if t.Depth != 0 {
			continue
		}
		if t.Kind != kind {
			return 0
		}
		if t.Close {
			return t.To
		}
	}
	return 0
}
