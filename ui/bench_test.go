package ui

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// sessionOf builds about n records of a busy session: calls, their POSTs,
// events and answers.
func sessionOf(n int) []mcp.Record {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	for i := 0; len(s.recs) < n; i++ {
		id := fmt.Sprint(i + 1)
		seq := s.request(id, "tools/call", "greet", `{"name":"greet","arguments":{"name":"Ada"}}`)
		s.post(seq, 202, "")
		s.answer(seq, id, "tools/call", "greet", `{"jsonrpc":"2.0","id":`+id+`,"result":{"content":[{"type":"text","text":"Hello, Ada!"}]}}`, false, false)
	}
	return s.recs[:n]
}

func benchFrame(b *testing.B, n int) {
	m := newTestModel(b, 160, 45, nil, sessionOf(n))
	press(m, "up", "enter")
	// The garbage of building the session is collected now, not by the
	// frames: they pay only for the collections their own garbage causes.
	runtime.GC()
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		_ = m.View()
	}
	if cpu > 0 {
		b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkFrame100 and BenchmarkFrame100k draw a full 160x45 frame; their
// times must stay close, since a frame draws what is visible only. cpu-ns/op
// counts the garbage collector's work too, which grows with the heap the
// log holds when frames allocate.
func BenchmarkFrame100(b *testing.B)  { benchFrame(b, 100) }
func BenchmarkFrame100k(b *testing.B) { benchFrame(b, 100_000) }
func BenchmarkFrame1M(b *testing.B)   { benchFrame(b, 1_000_000) }

// BenchmarkHugeResponse is a 20 MB answer arriving while the user presses
// keys: indexing the batch, a key, and the next frame.
func BenchmarkHugeResponse(b *testing.B) {
	m := newTestModel(b, 160, 45, nil, sessionOf(1000))
	big := `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"` + strings.Repeat("x", 20<<20) + `"}]}}`
	s := newScript()
	s.seq = 1 << 20
	seq := s.request("7", "tools/call", "dump", `{}`)
	s.answer(seq, "7", "tools/call", "dump", big, false, false)
	batch := make(recordsMsg, len(s.recs))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// Fresh Seqs make every round a new request and its answer; the
		// 20 MB strings are shared, as the session shares them with the UI.
		for j, r := range s.recs {
			r.Seq += int64(i * len(s.recs))
			if r.RPC != nil && r.RPC.ReqSeq != 0 {
				rpc := *r.RPC
				rpc.ReqSeq += int64(i * len(s.recs))
				r.RPC = &rpc
			}
			batch[j] = r
		}
		m.Update(batch)
		press(m, "up")
		_ = m.View()
	}
}
