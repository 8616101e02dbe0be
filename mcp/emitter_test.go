package mcp

import (
	"sync"
	"testing"
	"time"
)

// Records from many goroutines come out numbered 1..n in order, none lost,
// and the channel closes after the last one.
func TestEmitterOrderAndClose(t *testing.T) {
	e := newEmitter(time.Now, 64)
	const writers, each = 4, 5000
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				e.emit(Record{Kind: KindState})
			}
		}()
	}
	got := make(chan int64, 1)
	go func() {
		var want int64 = 1
		for batch := range e.out {
			for _, r := range batch {
				if r.Seq != want {
					t.Errorf("record %d came as Seq %d", want, r.Seq)
				}
				if r.Time.IsZero() {
					t.Errorf("record %d has no time", r.Seq)
				}
				want++
			}
		}
		got <- want - 1
	}()
	wg.Wait()
	e.close()
	if n := <-got; n != writers*each {
		t.Fatalf("delivered %d records, want %d", n, writers*each)
	}
	if seq := e.emit(Record{}); seq != 0 {
		t.Errorf("emit after close numbered a record: %d", seq)
	}
}
