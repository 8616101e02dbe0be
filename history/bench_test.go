package history

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history/internal/synth"
	"github.com/mcpscope/mcpscope/mcp"
)

// manyRecords repeats the full session, renumbered, to n records: a realistic
// mix of events, messages and HTTP exchanges, every request with its answer.
func manyRecords(n int) []mcp.Record {
	base := fullSession()
	out := make([]mcp.Record, 0, n)
	for round := int64(0); len(out) < n; round++ {
		for _, r := range base {
			if len(out) == n {
				break
			}
			shift := round * int64(len(base))
			r.Seq += shift
			r.Time = r.Time.Add(time.Duration(round) * 2 * time.Second)
			if r.RPC != nil && r.RPC.ReqSeq != 0 {
				m := *r.RPC
				m.ReqSeq += shift
				r.RPC = &m
			}
			if r.HTTP != nil && r.HTTP.ReqSeq != 0 {
				h := *r.HTTP
				h.ReqSeq += shift
				r.HTTP = &h
			}
			if r.Error != nil && r.Error.ReqSeq != 0 {
				e := *r.Error
				e.ReqSeq += shift
				r.Error = &e
			}
			out = append(out, r)
		}
	}
	return out
}

func BenchmarkRecorder(b *testing.B) {
	recs := manyRecords(10000)
	rec, err := Create(filepath.Join(b.TempDir(), "s.jsonl"), testHeader(), RecordOptions{Tokens: []string{"tok-123456"}})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	start := time.Now()
	for i := 0; b.Loop(); i++ {
		if err := rec.Write(recs[i%len(recs)]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "records/s")
	if err := rec.Close(); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkReadLarge(b *testing.B) {
	const n = 1_000_000
	path := filepath.Join(b.TempDir(), "large.jsonl")
	rec, err := Create(path, testHeader(), RecordOptions{})
	if err != nil {
		b.Fatal(err)
	}
	for _, r := range manyRecords(n) {
		if err := rec.Write(r); err != nil {
			b.Fatal(err)
		}
	}
	if err := rec.Close(); err != nil {
		b.Fatal(err)
	}
	fi, _ := os.Stat(path)
	b.SetBytes(fi.Size())
	var elapsed time.Duration
	for b.Loop() {
		start := time.Now()
		r, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		got := 0
		for {
			if _, err := r.Next(); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				b.Fatal(err)
			}
			got++
		}
		r.Close()
		elapsed += time.Since(start)
		if got != n {
			b.Fatalf("read %d records, want %d", got, n)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/elapsed.Seconds(), "records/s")
	// What playback needs before its first frame.
	start := time.Now()
	p, err := Load(path)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(time.Since(start).Microseconds()), "µs-to-first-frame")
	p.Close()
}

// synthRecording writes n records of a busy synthetic session (see
// internal/synth) to a recording in dir.
func synthRecording(b testing.TB, dir string, n int) string {
	b.Helper()
	path := filepath.Join(dir, "synth.jsonl")
	rec, err := Create(path, testHeader(), RecordOptions{})
	if err != nil {
		b.Fatal(err)
	}
	synth.Session(n, func(r mcp.Record) bool { err = rec.Write(r); return err == nil })
	if cerr := rec.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkReplayFirstFrame is what a replay of a million records does
// before its first frame: open the file, load the first records, hand out
// what is due and index it.
func BenchmarkReplayFirstFrame(b *testing.B) {
	path := synthRecording(b, b.TempDir(), 1_000_000)
	fi, _ := os.Stat(path)
	b.ReportMetric(float64(fi.Size())/(1<<20), "file-MiB")
	for b.Loop() {
		p, err := Load(path)
		if err != nil {
			b.Fatal(err)
		}
		l := p.NewLog()
		l.Append(p.Due(time.Now())...)
		if l.Len() == 0 {
			b.Fatalf("nothing to draw: %d records", l.Len())
		}
		p.Close()
	}
}

// BenchmarkReplayHeap replays a million records to the end and reports the
// heap the Player and the Log hold then.
func BenchmarkReplayHeap(b *testing.B) {
	path := synthRecording(b, b.TempDir(), 1_000_000)
	for b.Loop() {
		p, err := Load(path)
		if err != nil {
			b.Fatal(err)
		}
		l := p.NewLog()
		playAll(b, p, l)
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		b.ReportMetric(float64(m.HeapAlloc)/(1<<20), "heap-MiB")
		if l.Stats().Records != 1_000_000 {
			b.Fatalf("replayed %d records", l.Stats().Records)
		}
		runtime.KeepAlive(l)
		p.Close()
	}
}

// BenchmarkLogKeepAlives appends a million identical keep-alives, as a
// server pinging every 15 s for six months would send, and reports the heap
// the Log holds for them.
func BenchmarkLogKeepAlives(b *testing.B) {
	const n = 1_000_000
	b.ReportAllocs()
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		l := NewLog()
		at := scriptStart
		for i := 0; i < n; i++ {
			at = at.Add(15 * time.Second)
			l.Append(mcp.Record{Seq: int64(i + 1), Time: at, Kind: mcp.KindEvent,
				Event: &mcp.SSEEvent{Conn: 1, Comments: []string{"ping"}, Raw: ": ping\n\n"}})
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-min(after.HeapAlloc, before.HeapAlloc))/(1<<20), "heap-MiB")
		if l.Stats().Events != n {
			b.Fatalf("%d events counted, want %d", l.Stats().Events, n)
		}
		runtime.KeepAlive(l)
	}
}

func BenchmarkLogAppend(b *testing.B) {
	recs := manyRecords(1_000_000)
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	l := NewLog()
	for i := 0; b.Loop(); i++ {
		if i == len(recs) {
			// Past a million records start a fresh log: memory per record
			// is measured on one log of realistic size.
			l = NewLog()
			i = 0
		}
		l.Append(recs[i])
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if l.Len() > 0 {
		b.ReportMetric(float64(after.HeapAlloc-min(after.HeapAlloc, before.HeapAlloc))/float64(l.Len()), "index-B/record")
	}
}

// largeEvent is a 60 MB answer as the session emits it: the event, and the
// message record sharing the event's data.
func largeEvent() []mcp.Record { return largeEventOf(60_000_000) }

// largeEventOf is an answer of about size bytes in one SSE event, and the
// message it carried, sharing its bytes as the session's records do.
func largeEventOf(size int) []mcp.Record {
	return answerEventOf("00000064 abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01\\n", size)
}

// answerEventOf is largeEventOf with its text line64 (JSON string text,
// about 64 bytes) repeated size/64 times.
func answerEventOf(line64 string, size int) []mcp.Record {
	text := strings.Repeat(line64, size/64)
	data := `{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"` + text + `"}]}}`
	raw := "event: message\ndata: " + data + "\n\n"
	data = raw[len("event: message\ndata: ") : len(raw)-2]
	return []mcp.Record{
		{Seq: 1, Time: scriptStart, Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Name: "message", Data: mcp.Raw(data), Raw: mcp.Raw(raw)}},
		{Seq: 2, Time: scriptStart, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, ID: "3", Raw: mcp.Raw(data)}},
	}
}

// BenchmarkRecordLargeEvent records a 60 MB answer: B/op is what recording
// it allocates on top of the answer itself.
func BenchmarkRecordLargeEvent(b *testing.B) {
	recs := largeEvent()
	dir := b.TempDir()
	b.ReportAllocs()
	for b.Loop() {
		path := filepath.Join(dir, "big.jsonl")
		rec, err := Create(path, testHeader(), RecordOptions{})
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range recs {
			if err := rec.Write(r); err != nil {
				b.Fatal(err)
			}
		}
		if err := rec.Close(); err != nil {
			b.Fatal(err)
		}
		fi, _ := os.Stat(path)
		b.ReportMetric(float64(fi.Size())/(1<<20), "file-MiB")
	}
}

// BenchmarkLogLargeEvent indexes a 60 MB answer live: the heap the Log adds
// on top of the answer the session already holds.
func BenchmarkLogLargeEvent(b *testing.B) {
	recs := largeEvent()
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		l := NewLog()
		l.Append(recs...)
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/(1<<20), "heap-MiB")
		runtime.KeepAlive(l)
	}
}

// BenchmarkLogLargeAnswer indexes a tools/call and its 4 MB answer, as the
// TUI's update loop does for each answer that comes: what it costs on top
// of the answer's bytes, read already.
func BenchmarkLogLargeAnswer(b *testing.B) {
	ev := largeEventOf(4 << 20)
	answer := ev[1]
	m := *answer.RPC
	m.ReqSeq, m.Method, m.Tool = 1, "tools/call", "echo"
	answer.RPC = &m
	recs := []mcp.Record{
		{Seq: 1, Time: scriptStart, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "3", Method: "tools/call", Tool: "echo",
			Raw: `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{}}}`}},
		answer,
	}
	b.ReportAllocs()
	for b.Loop() {
		l := NewLog()
		l.Append(recs...)
		if p := l.Pair(0); p.State != StateOK {
			b.Fatalf("the answer's row is %s, want %s", p.State, StateOK)
		}
	}
}
