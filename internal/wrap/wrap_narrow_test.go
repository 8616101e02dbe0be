package wrap

import (
	"slices"
	"testing"
	"time"
)

// A room under one column (exec's hanging indent on a terminal narrower
// than it: COLUMNS=3) wraps as one column does; it looped for good,
// growing its rows until the memory ran out.
func TestWordsRoomUnderOne(t *testing.T) {
	for _, room := range []int{0, -1, -40} {
		done := make(chan []string, 1)
		go func() { done <- Words("ab c", room) }()
		select {
		case got := <-done:
			if want := []string{"a", "b", "c"}; !slices.Equal(got, want) {
				t.Errorf("Words(%q, %d) = %q, want %q", "ab c", room, got, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("Words(%q, %d) did not return", "ab c", room)
		}
	}
}

// A word of no width (a lone combining mark) keeps its place and its
// space: before a word that fits it was joined to it, and before a long
// word it went after all the long word's rows.
func TestWordsZeroWidthWord(t *testing.T) {
	for _, c := range []struct {
		in   string
		room int
		want []string
	}{
		{"\u0301 b", 80, []string{"\u0301 b"}},
		{"\u0301 abc", 1, []string{"\u0301", "a", "b", "c"}},
	} {
		if got := Words(c.in, c.room); !slices.Equal(got, c.want) {
			t.Errorf("Words(%q, %d) = %q, want %q", c.in, c.room, got, c.want)
		}
	}
}
