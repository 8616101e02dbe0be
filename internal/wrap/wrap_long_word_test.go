package wrap

import (
	"strings"
	"testing"
	"time"
)

// A word of a megabyte (a base64 blob, a minified JSON value shown in
// Detail) wraps in time linear in its length: measuring the whole rest
// after every row made it quadratic, minutes for this one.
func TestWordsLongWordIsLinear(t *testing.T) {
	word := strings.Repeat("abcdefgh", 1<<17)
	done := make(chan []string, 1)
	go func() { done <- Words(word, 80) }()
	select {
	case rows := <-done:
		if len(rows) != len(word)/80+1 && len(rows) != len(word)/80 {
			t.Fatalf("%d rows for %d bytes at 80 columns", len(rows), len(word))
		}
		if strings.Join(rows, "") != word {
			t.Fatal("the rows do not hold the word")
		}
		for i, r := range rows {
			if len(r) > 80 {
				t.Fatalf("row %d is %d wide", i, len(r))
			}
		}
	case <-time.After(20 * time.Second):
		t.Fatal("wrapping a 1 MB word took over 20s")
	}
}
