package jsonfmt

import (
	"math"
	"testing"
)

// Plain writes & < > as they are, on one line with no newline after it,
// and refuses what JSON cannot hold.
func TestPlainKeepsHTMLCharacters(t *testing.T) {
	got, err := Plain(map[string]any{"k": "<a&b>", "n": []int{1, 2}})
	if want := `{"k":"<a&b>","n":[1,2]}`; err != nil || got != want {
		t.Errorf("Plain = %q, %v; want %q", got, err, want)
	}
	if got, err := Plain(math.Inf(1)); err == nil {
		t.Errorf("Plain(+Inf) = %q, want an error", got)
	}
}
