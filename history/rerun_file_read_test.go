package history

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
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

// countedInput is a recording opened for a re-run that counts how often
// each record is read back.
type countedInput struct {
	*RerunFile
	reads map[int]int
}

func (c *countedInput) record(pos int) (*mcp.Record, error) {
	c.reads[pos]++
	return c.RerunFile.record(pos)
}

// Each recorded answer is read back once: a request learns its task from
// it and is compared with it. It was read, and decoded, twice per request.
func TestRerunReadsEachAnswerOnce(t *testing.T) {
	s := newScript()
	s.negotiate()
	for i := range 5 {
		id := fmt.Sprint(i + 1)
		s.result(id, s.request(id, "tools/call", `{"name":"echo","arguments":{}}`), `{"content":[]}`)
	}
	f := openRecorded(t, s.recs)
	in := &countedInput{RerunFile: f, reads: map[int]int{}}
	p := f.plan
	var results int
	if err := rerun(context.Background(), in, p, &echoSender{}, nil, nil, func(RerunResult) { results++ }); err != nil {
		t.Fatal(err)
	}
	if results != 5 {
		t.Fatalf("%d results, want 5", results)
	}
	for seq, pos := range p.answers {
		if n := in.reads[int(pos)]; n != 1 {
			t.Errorf("the answer to request %d was read back %d times, want once", seq, n)
		}
	}
}
