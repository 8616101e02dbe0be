package ui

import (
	"bytes"
	"testing"
	"time"
)

// While the legacy transport reconnects on its own, each failed attempt
// records its connection's "closed": the bar's state reads "reconnecting"
// between the attempts, and "closed" only once they gave up.
func TestLiveLegacyReconnectsOfItsOwnReadReconnectingUntilTheyGaveUp(t *testing.T) {
	// Attempt 2's line stays 4 delays, until attempt 3: long enough to be
	// drawn on a loaded machine, which reads records in larger batches.
	l := slowCallOnLegacyStreamBrokenWith(t, 100*time.Millisecond)
	l.waitFor("attempt 2 of 5")
	l.mark()
	l.waitFor("mcpscope stopped reconnecting on its own after 5 attempts")
	l.waitFor("● closed")
	seen := l.seen.Bytes()[l.from:]
	// Up to the last attempt's words: the frame that says the attempts
	// gave up reads "closed" before its status line.
	gaveUp := bytes.LastIndex(seen[:bytes.Index(seen, []byte("stopped reconnecting"))], []byte("reconnecting on its own, attempt"))
	if gaveUp < 0 {
		t.Fatalf("the status line never counted the attempts after the second:\n%s", seen)
	}
	if bytes.Contains(seen[:gaveUp], []byte("● closed")) {
		t.Errorf("the bar said closed between mcpscope's reconnects of its own:\n%s", seen[:gaveUp])
	}
	if !bytes.Contains(seen[:gaveUp], []byte("◌ reconnecting")) {
		t.Errorf("the bar never said reconnecting between the attempts:\n%s", seen[:gaveUp])
	}
	l.quit()
}
