package history

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A disk that holds the recorder up for a moment (a flush that waits,
// holding the recorder's lock) makes Tee pass records on before they are
// written, and the Log reading the recording back keeps those in memory.
// Once the writer has caught up, the records after them are read back
// from the file again: the Log went on keeping every later record in
// memory for the rest of the session, since it looked for each only a few
// places past the last one it had found in the file.
func TestLiveLogReadsBackFromTheFileAgainAfterTheDiskHeldItUp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	rec, err := Create(path, testHeader(), RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	log := rec.NewLog()
	defer log.Close()
	fs, ok := log.st.(*fileStore)
	if !ok {
		t.Fatalf("the Log keeps its records in %T, not the recording", log.st)
	}
	in := make(chan []mcp.Record)
	out := Tee(in, rec, func(err error) { t.Errorf("recording: %v", err) })
	deadline := time.After(30 * time.Second)
	pass := func(batch []mcp.Record) {
		t.Helper()
		select {
		case in <- batch:
		case <-deadline:
			t.Fatal("Tee did not take a batch")
		}
		select {
		case got := <-out:
			log.Append(got...)
		case <-deadline:
			t.Fatal("Tee did not pass a batch on")
		}
	}
	recs := notificationFlood(200)
	held, rest := recs[:40], recs[40:]

	// The disk holds the recorder up: the writer waits on its lock, as it
	// does on a flush the disk does not answer, and Tee stops waiting.
	rec.mu.Lock()
	for i := 0; i < len(held); i += 4 {
		pass(held[i : i+4])
	}
	rec.mu.Unlock()
	// The writer catches up with what it was handed.
	for fs.src.len() < len(held) {
		select {
		case <-deadline:
			t.Fatalf("the writer did not catch up: %d of %d records written", fs.src.len(), len(held))
		case <-time.After(10 * time.Millisecond):
		}
	}
	for i := 0; i < len(rest); i += 4 {
		pass(rest[i : i+4])
	}
	close(in)
	for range out {
	}
	if log.Len() != len(recs) {
		t.Fatalf("the Log has %d records, want %d", log.Len(), len(recs))
	}
	if kept := fs.mem.n; kept > len(held) {
		t.Errorf("the Log keeps %d of its %d records in memory, want at most the %d passed on before they were written", kept, log.Len(), len(held))
	}
	// What the screen asks for still reads back as it arrived.
	for _, i := range []int{0, len(held) - 1, len(held), len(recs) - 1} {
		if got, want := recordText(log.At(i)), recordText(&recs[i]); got != want {
			t.Errorf("record %d reads back as %q, want %q", i, got, want)
		}
	}
}

// recordText is what a record of notificationFlood says, with its Seq.
func recordText(r *mcp.Record) string {
	if r.Event != nil {
		return fmt.Sprint(r.Seq, " ", string(r.Event.Raw))
	}
	return fmt.Sprint(r.Seq, " ", string(r.RPC.Raw))
}
