package ui

import (
	"strings"
	"testing"
	"time"
)

// A string of one wide grapheme and its closing quote on a pane narrower
// than both: taking the grapheme to the next row with the quote (so '",'
// is not left alone on one) left nothing on the row, and the rows wrapped
// for ever.
func TestJSONLinesNarrowStringEnds(t *testing.T) {
	for _, c := range []struct {
		raw   string
		width int
	}{{`"é"`, 1}, {`"表"`, 2}, {`["xx表"]`, 1}, {`["xx表"]`, 2}, {`["xx表"]`, 3}, {`["xx表"]`, 4}} {
		done := make(chan []string, 1)
		go func() { done <- stripAll(JSONLines(c.raw, colourStyles(), true, c.width, 0)) }()
		select {
		case lines := <-done:
			if got := strings.Join(lines, ""); !strings.Contains(strings.ReplaceAll(got, " ", ""), strings.Trim(c.raw, `[]"`)) {
				t.Errorf("%s at width %d shows %q, want its text", c.raw, c.width, lines)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s at width %d: JSONLines did not return in 5s", c.raw, c.width)
		}
	}
}
