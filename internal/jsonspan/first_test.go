package jsonspan

import "testing"

// A value's end is found whatever follows it, and none where the text
// breaks before it or begins with another kind.
func TestFirstValueEnd(t *testing.T) {
	for _, tt := range []struct {
		src  string
		kind Kind
		want int
	}{
		{`{"a":"}"} and more`, Object, 9},
		{`[1,{"b":[2]}]]`, Array, 13},
		{`{"a" 1}`, Object, 0},
		{`[[[`, Array, 0},
		{`[1]`, Object, 0},
		{` x`, Object, 0},
	} {
		if got := FirstValueEnd([]byte(tt.src), tt.kind); got != tt.want {
			t.Errorf("FirstValueEnd(%q) = %d, want %d", tt.src, got, tt.want)
		}
	}
}
