package wrap

import (
	"strings"
	"testing"
	"time"
)

// A word of a megabyte (a base64 blob, a minified JSON value shown in
// Detail) wraps in time linear in its length: measuring the whole rest
// after every row made it quadratic, minutes for this one. Linear is told
// from quadratic by how the time grows with eight times the bytes (8x
// against 64x), so that a busy machine slows both sides of the
// comparison rather than failing a fixed bound. Each side is the least of
// five tries, taken in turn with the other's so that a spell of load
// falls on both, and a comparison a burst still spoilt is made again, up
// to three times: a quadratic wrap is over the line every time, where a
// loaded CI run once took one side's three tries all at 10x.
func TestWordsLongWordIsLinear(t *testing.T) {
	word := strings.Repeat("abcdefgh", 1<<17)
	// 32 KiB against 256 KiB: the race detector's tries of each stay
	// within seconds.
	small, large := word[:1<<15], word[:1<<18]
	var ratio float64
	var part, whole time.Duration
	for range 3 {
		part, whole = fastest(t, small, large)
		if ratio = float64(whole) / float64(part); ratio <= 24 {
			break
		}
	}
	if ratio > 24 {
		t.Fatalf("wrapping 8x the bytes took %.1fx the time (%v against %v): want about 8x, linear", ratio, whole, part)
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

// fastest is the least of five timings of wrapping each of a and b,
// taken in turn.
func fastest(t *testing.T, a, b string) (ta, tb time.Duration) {
	t.Helper()
	ta, tb = time.Duration(1<<63-1), time.Duration(1<<63-1)
	timed := func(word string) time.Duration {
		start := time.Now()
		wrapWithin(t, word)
		return time.Since(start)
	}
	for range 5 {
		ta = min(ta, timed(a))
		tb = min(tb, timed(b))
	}
	return ta, tb
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
