package jsonspan

import (
	"slices"
	"testing"
)

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

// A value that never closes gives the outermost values nested in it that
// did, and where the scan stopped: a caller trying each bracket of a text
// goes on from there, so a run of brackets is read once.
func TestClosedGivesNestedValuesOfAnUnclosedOne(t *testing.T) {
	for _, tt := range []struct {
		src   string
		whole bool
		spans []Span
		stop  int
	}{
		{`{"a":[1]} more`, true, []Span{{0, 9}}, 9},
		{`[[[`, false, nil, 3},
		{`[[ {"a":[1]} [2]`, false, []Span{{3, 12}}, 13},
		{`[ [], [1], [[`, false, []Span{{2, 4}, {6, 9}}, 13},
		{`[see]`, false, nil, 1},
		{`x`, false, nil, 1},
	} {
		whole, spans, stop := Closed([]byte(tt.src))
		if whole != tt.whole || !slices.Equal(spans, tt.spans) || stop != tt.stop {
			t.Errorf("Closed(%q) = %v, %v, %d, want %v, %v, %d", tt.src, whole, spans, stop, tt.whole, tt.spans, tt.stop)
		}
	}
}
