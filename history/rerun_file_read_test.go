package history

import (
	"runtime"
	"testing"
)

// replay --against reads each recorded answer back when its turn comes. A
// legacy recording keeps an answer's bytes in the SSE event right before
// it: both lines are read at once, into the buffer kept for reading back,
// and the answer is not parsed again for the notes only the panes show
// (whether it is ambiguous, or asks for input). Read apart, with those
// notes, an answer of the synthetic session cost 4.8 KB of garbage, and a
// re-run of 10,000 requests ran the collector hundreds of times for it.
func TestRerunReadsBackAnAnswerCheaply(t *testing.T) {
	f, err := OpenRerun(synthRecording(t, t.TempDir(), 2000))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var answers []int
	for _, pos := range f.plan.answers {
		answers = append(answers, int(pos))
	}
	if len(answers) < 100 {
		t.Fatalf("the recording has %d answers, want 100 or more", len(answers))
	}
	readAll := func() {
		for _, pos := range answers {
			rec, err := f.record(pos)
			if err != nil {
				t.Fatal(err)
			}
			if rec.RPC == nil || len(rec.RPC.Raw) == 0 || rec.RPC.Raw[0] != '{' {
				t.Fatalf("record %d read back without its message's bytes: %+v", rec.Seq, rec.RPC)
			}
		}
	}
	readAll() // the buffer grows to the longest
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	readAll()
	runtime.ReadMemStats(&after)
	const limit = 3 << 10
	if per := (after.TotalAlloc - before.TotalAlloc) / uint64(len(answers)); per > limit {
		t.Errorf("reading an answer back allocated %d bytes, want at most %d", per, limit)
	}
}
