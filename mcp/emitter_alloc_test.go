package mcp

import (
	"runtime"
	"testing"
	"time"
	"unsafe"
)

// A session that hands over a record or two at a time (a request and its
// answer, as replay --against sends them) allocates for those records, not
// for a whole chunk each time: a chunk of batchSize records made for every
// request was most of what such a re-run allocated, and with little held
// the collector ran ten times as often for it.
func TestEmitterFewRecordsAllocateLittle(t *testing.T) {
	e := newEmitter(time.Now)
	defer e.close()
	const handoffs = 500
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := 0; i < handoffs; i++ {
		e.emit(Record{Kind: KindState})
		if batch := <-e.out; len(batch) != 1 {
			t.Fatalf("handoff %d: a batch of %d records, want 1", i, len(batch))
		}
	}
	runtime.ReadMemStats(&after)
	perHandoff := (after.TotalAlloc - before.TotalAlloc) / handoffs
	// A whole chunk is batchSize records; one record's room is what is asked.
	if limit := uint64(batchSize/8) * uint64(unsafe.Sizeof(Record{})); perHandoff > limit {
		t.Fatalf("each handoff of one record allocated %d bytes, want at most %d (a whole chunk is %d)",
			perHandoff, limit, uint64(batchSize)*uint64(unsafe.Sizeof(Record{})))
	}
}
