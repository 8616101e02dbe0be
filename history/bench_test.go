package history

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

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
