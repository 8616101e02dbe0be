package history

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// keepAlives are n records of a stream flooding ": keepalive" comments,
// as the session makes them: one event record per comment block.
func keepAlives(n int) []mcp.Record {
	at := time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)
	recs := make([]mcp.Record, n)
	for i := range recs {
		recs[i] = mcp.Record{Seq: int64(i + 10), Time: at.Add(time.Duration(i) * time.Microsecond), Kind: mcp.KindEvent,
			Event: &mcp.SSEEvent{Conn: 1, Stream: mcp.StreamListen, ReqSeq: 3, Comments: []string{"keepalive"}, Raw: ": keepalive\n\n"}}
	}
	return recs
}

// BenchmarkRecordKeepAlives is the recorder's cost of a keep-alive flood:
// a line written for each comment.
func BenchmarkRecordKeepAlives(b *testing.B) {
	recs := keepAlives(100_000)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		r, err := Create(filepath.Join(b.TempDir(), "r.jsonl"), Header{URL: "http://127.0.0.1:1/mcp"}, RecordOptions{Tokens: []string{"a-secret-token"}})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for _, rec := range recs {
			if err := r.Write(rec); err != nil {
				b.Fatal(err)
			}
		}
		if err := r.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
