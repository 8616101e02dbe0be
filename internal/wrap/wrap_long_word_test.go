package wrap

import (
	"strings"
	"testing"
	"time"
)

// A word of a megabyte (a base64 blob, a minified JSON value shown in
// Detail) wraps in time linear in its length: measuring the whole rest
// after every row made it quadratic, minutes for this one. Linear is told
// from quadratic by how the time grows with four times the bytes (4x
// against 16x), the least of three tries each, so that a busy
// machine (the race detector on two loaded cores took 14x longer) slows
// both sides of the comparison rather than failing a fixed bound.
func TestWordsLongWordIsLinear(t *testing.T) {
	word := strings.Repeat("abcdefgh", 1<<17)
	// 64 KiB against 256 KiB: quadratic there is already 16x, and the
	// race detector's three tries of each stay within seconds.
	quarter, whole := fastest(t, word[:1<<16]), fastest(t, word[:1<<18])
	if whole > 10*quarter {
		t.Fatalf("wrapping 4x the bytes took %.1fx the time (%v against %v): want about 4x, linear", float64(whole)/float64(quarter), whole, quarter)
	}
	rows := wrapWithin(t, word)
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
}

// fastest is the least of three timings of wrapping word.
func fastest(t *testing.T, word string) time.Duration {
	t.Helper()
	best := time.Duration(1<<63 - 1)
	for range 3 {
		start := time.Now()
		wrapWithin(t, word)
		best = min(best, time.Since(start))
	}
	return best
}

// wrapWithin wraps word at 80 columns, failing the test rather than
// hanging the package when it takes minutes, as the quadratic wrap did.
func wrapWithin(t *testing.T, word string) []string {
	t.Helper()
	done := make(chan []string, 1)
	go func() { done <- Words(word, 80) }()
	select {
	case rows := <-done:
		return rows
	case <-time.After(2 * time.Minute):
		t.Fatalf("wrapping a word of %d bytes took over 2 minutes", len(word))
		return nil
	}
}
