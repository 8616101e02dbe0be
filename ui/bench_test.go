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

// bigEventFlood is n log notifications as SSE events of about 6 KiB of
// data each, one line, event i carrying the token "tok-<i mod 97>" near
// its start.
func bigEventFlood(n int) []mcp.Record {
	recs := make([]mcp.Record, n)
	evs := make([]mcp.SSEEvent, n)
	const head = "event: message\ndata: "
	text := strings.Repeat("lorem ipsum dolor sit amet ", 6<<10/27)
	for i := range recs {
		raw := fmt.Sprintf(head+`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"tok-%d %s"}}`+"\n\n", i%97, text)
		evs[i] = mcp.SSEEvent{Conn: 1, Name: "message", Data: mcp.Raw(raw[len(head) : len(raw)-2]), Raw: mcp.Raw(raw)}
		recs[i] = mcp.Record{Seq: int64(i + 1), Time: fixedNow, Kind: mcp.KindEvent, Event: &evs[i]}
	}
	return recs
}

// BenchmarkFrameFilter100kBigEvents draws a full 160x45 frame over 100,000
// events of 6 KiB with the filter off and on: on, each visible row shows
// its data about the match (filteredData), where its first 512 bytes off.
func BenchmarkFrameFilter100kBigEvents(b *testing.B) {
	for _, filtered := range []bool{false, true} {
		name := "off"
		if filtered {
			name = "on"
		}
		b.Run(name, func(b *testing.B) {
			m := newTestModel(b, 160, 45, nil, bigEventFlood(100_000))
			if filtered {
				press(m, "/", "t", "o", "k", "-", "4")
				settleFilter(b, m)
				press(m, "enter")
			}
			runtime.GC()
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}

// With the filter on, each visible row's data was taken, made safe,
// measured and cut at filterScan bytes on every frame: over rows of 6 KiB
// a frame cost five to six times one with the filter off (a screen's
// worth of 4 KiB strings a frame, as the user typed or scrolled). Only
// the part of a row a cell can show about its match is kept: the frame
// costs about what an unfiltered one does.
func TestFilteredFrameCostsAboutAnUnfilteredOne(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, bigEventFlood(2000))
	m.View()
	off := frameBytes(m)
	press(m, "/", "t", "o", "k", "-", "4")
	settleFilter(t, m)
	press(m, "enter")
	if v := m.View(); !strings.Contains(v, "tok-4") {
		t.Fatalf("the filtered rows do not show their match:\n%s", v)
	}
	if on := frameBytes(m); on > 3*off {
		t.Errorf("a frame with the filter on allocates %d bytes, with it off %d: want at most three times", on, off)
	}
}

// BenchmarkFrameFilterByNameMiBEvents draws frames of 1 MiB events found by
// their name, not their data: each row's cell once looked through its
// megabyte for the query on every frame (40 ms a frame); the cells are
// kept while the query and width stay (filterCells).
func BenchmarkFrameFilterByNameMiBEvents(b *testing.B) {
	n := 200
	recs := make([]mcp.Record, n)
	evs := make([]mcp.SSEEvent, n)
	data := `{"jsonrpc":"2.0","id":1,"result":{"text":"` + strings.Repeat("lorem ipsum dolor ", (1<<20)/18) + `"}}`
	for i := range recs {
		raw := "event: message\ndata: " + data + "\n\n"
		evs[i] = mcp.SSEEvent{Conn: 1, Name: "message", Data: mcp.Raw(data), Raw: mcp.Raw(raw)}
		recs[i] = mcp.Record{Seq: int64(i + 1), Time: fixedNow, Kind: mcp.KindEvent, Event: &evs[i]}
	}
	m := newTestModel(b, 160, 45, nil, recs)
	press(m, "/", "m", "e", "s", "s", "a", "g", "e")
	settleFilter(b, m)
	press(m, "enter")
	b.ResetTimer()
	for b.Loop() {
		_ = m.View()
	}
}
