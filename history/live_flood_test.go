package history

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// floodNote is the n-th of a flood of distinct notifications.
func floodNote(n int) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"flood note %d"}}`, n)
}

// A server flooding distinct notifications (nothing folds them) costs a
// recorded live session's Log a small index per record: the records
// themselves are read back from the recording, and what the screen asks
// for reads back as it arrived.
func TestLiveFloodIsReadBackFromTheRecording(t *testing.T) {
	// 20,000 notes are 40,000 records, almost 20 times the record cache: a Log
	// holding them all would hold 400 times what is asserted. 50,000 took
	// past 60s under -race on a loaded 2-core machine, this test's bound.
	const notes = 20_000
	// The disk keeping up is this test's premise: a writer starved of CPU
	// for writtenWait makes Tee pass records on before they are written,
	// and the Log then holds them in memory, as it should.
	defer func(d time.Duration) { writtenWait = d }(writtenWait)
	writtenWait = time.Minute
	seen := 0
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	live := recordLive(t, ctx, true, func(r mcp.Record) bool {
		if isNote(r) {
			seen++
		}
		return seen == notes
	})
	log := live.Log
	var b strings.Builder
	for n := range notes {
		fmt.Fprintf(&b, "event: message\ndata: %s\n\n", floodNote(n))
		if b.Len() > 64<<10 || n == notes-1 {
			if err := live.Conn.WriteRaw(b.String()); err != nil {
				t.Fatal(err)
			}
			b.Reset()
		}
	}
	live.wait(t, ctx, "the flood")

	fs, ok := log.st.(*fileStore)
	if !ok {
		t.Fatalf("the Log keeps its records in %T, not the recording", log.st)
	}
	if log.EventCount() < notes {
		t.Fatalf("the Log has %d events, want at least %d", log.EventCount(), notes)
	}
	// The first and the last note, read back as they arrived.
	for _, n := range []int{0, notes - 1} {
		i := log.EventCount() - notes + n
		if got := string(log.Event(i).Event.Data); got != floodNote(n) {
			t.Errorf("event %d reads back as %q, want %q", i, got, floodNote(n))
		}
	}
	fs.prune()
	if held := fs.mem.n + len(fs.recent); held > 100 {
		t.Errorf("the Log holds %d of its %d records in memory after the flood, want only the few the file does not have", held, log.Len())
	}
}

// notificationFlood is n distinct notifications as the session emits them:
// each an event and the message it carried, sharing its bytes.
func notificationFlood(n int) []mcp.Record {
	at := time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)
	recs := make([]mcp.Record, 0, 2*n)
	for i := range n {
		data := floodNote(i)
		raw := "event: message\ndata: " + data + "\n\n"
		data = raw[len("event: message\ndata: ") : len(raw)-2]
		t := at.Add(time.Duration(i) * time.Microsecond)
		recs = append(recs,
			mcp.Record{Seq: int64(2*i + 10), Time: t, Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Name: "message", Data: mcp.Raw(data), Raw: mcp.Raw(raw)}},
			mcp.Record{Seq: int64(2*i + 11), Time: t, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification,
				Method: "notifications/message", Raw: mcp.Raw(data)}})
	}
	return recs
}

// BenchmarkLiveFloodHeap records a flood of distinct notifications as the
// TUI does and reports the heap its Log holds afterwards: "memory" is a Log
// holding every record (a session not recorded, and every live session
// before Recorder.NewLog), "recording" one reading them back from the file.
// The records are made one notification at a time and let go of, as the
// session's are.
func BenchmarkLiveFloodHeap(b *testing.B) {
	const notes = 200_000
	for _, kind := range []string{"memory", "recording"} {
		b.Run(kind, func(b *testing.B) {
			for b.Loop() {
				rec, err := Create(filepath.Join(b.TempDir(), "flood.jsonl"), Header{URL: "http://127.0.0.1:1/sse"}, RecordOptions{})
				if err != nil {
					b.Fatal(err)
				}
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				l := NewLog()
				if kind == "recording" {
					l = rec.NewLog()
				}
				for i := range notes {
					for _, r := range notificationFlood(1) {
						r.Seq += int64(2 * i)
						if err := rec.Write(r); err != nil {
							b.Fatal(err)
						}
						l.Append(r)
					}
				}
				if err := rec.Close(); err != nil {
					b.Fatal(err)
				}
				l.At(l.Len() - 1) // lets go of what is on disk now
				runtime.GC()
				runtime.ReadMemStats(&after)
				b.ReportMetric(float64(after.HeapAlloc-min(after.HeapAlloc, before.HeapAlloc))/(1<<20), "heap-MiB")
				b.ReportMetric(float64(after.HeapAlloc-min(after.HeapAlloc, before.HeapAlloc))/float64(l.Len()), "heap-B/record")
				if l.EventCount() != notes {
					b.Fatalf("%d events, want %d", l.EventCount(), notes)
				}
				runtime.KeepAlive(l)
				l.Close()
			}
		})
	}
}
