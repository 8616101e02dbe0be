package main

import (
	"context"
	"time"
)

// readerStall is how long exec's notes wait for the record reader to read
// its next record before printing what it has read: a reader that keeps
// reading gets to the answer however long the records before it take, and
// only a stuck one (a session that hangs) is given up on, so that it does
// not hang exec. A var only so that a test can run it shorter.
var readerStall = 2 * time.Second

// recordsSeen is how far the goroutine reading a session's records has
// got, and a wake-up for whoever waits for it to get further: exec's
// notes (printed with the answer they came before) and --linger's
// liveStream both wait for it, a bounded time. The mutex of the type
// holding it guards it, with what that type derives from the records.
type recordsSeen struct {
	seen    int64         // the Seq of the newest record looked at
	changed chan struct{} // closed and replaced when seen moves
}

func newRecordsSeen() recordsSeen { return recordsSeen{changed: make(chan struct{})} }

// saw notes that the record numbered seq was looked at, and wakes whoever
// waits on changed.
func (s *recordsSeen) saw(seq int64) {
	s.seen = max(s.seen, seq)
	close(s.changed)
	s.changed = make(chan struct{})
}

// awaitReader waits until the record reader has looked at the record
// numbered upTo, for as long as it keeps reading: it gives up after
// readerStall with no record read (a stuck session), not on a total, which
// a flood read slowly on a loaded machine outlasts. look reads, under the
// lock guarding them, how far the reader has got, its wake-up, and whether
// to stop waiting before then; ctx ending stops it too.
func awaitReader(ctx context.Context, upTo int64, look func() (seen int64, changed <-chan struct{}, stop bool)) {
	stalled := time.NewTimer(readerStall)
	defer stalled.Stop()
	for {
		seen, changed, stop := look()
		if stop || seen >= upTo {
			return
		}
		select {
		case <-changed:
			stalled.Reset(readerStall)
		case <-stalled.C:
			return
		case <-ctx.Done():
			return
		}
	}
}
