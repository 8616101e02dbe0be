package mcp

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	sse "github.com/tmaxmax/go-sse"
)

const benchEvents = 100_000

// benchStream is 100,000 message events answering ids 1..100,000, shaped
// like a small tools/call result.
func benchStream() []byte {
	var b bytes.Buffer
	for i := 1; i <= benchEvents; i++ {
		fmt.Fprintf(&b, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":%d,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"Hello, Ann! (call %d)\"}],\"isError\":false}}\n\n", i, i)
	}
	return b.Bytes()
}

// BenchmarkParseBare is the floor: go-sse parsing the same bytes, nothing else.
func BenchmarkParseBare(b *testing.B) {
	data := benchStream()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for _, err := range sse.Read(bytes.NewReader(data), &sse.ReadConfig{MaxEventSize: DefaultMaxEventSize}) {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != benchEvents {
			b.Fatalf("parsed %d events, want %d", n, benchEvents)
		}
	}
}

// windowReader hands the stream out 1,000 events at a time and, as each
// window starts, registers the 1,000 requests it answers: a busy session
// with many requests in flight, rather than 100,000 outstanding at once.
// The same 1,000 pending requests serve every window, each taking its last
// answer first as a waiting caller would, so the heap holds what a session
// holds rather than 100,000 requests.
type windowReader struct {
	b      *testing.B
	s      *Session
	reqs   []*pending // made before the clock starts: sending is not ingest
	chunks [][]byte
	next   int // the next chunk to hand out
	cur    []byte
}

const benchWindow = 1000

func (w *windowReader) Read(p []byte) (int, error) {
	if len(w.cur) == 0 {
		if w.next == len(w.chunks) {
			return 0, io.EOF
		}
		// Registering requests is sending, not ingest: the clock stops.
		w.b.StopTimer()
		w.s.mu.Lock()
		for i := w.next*benchWindow + 1; i <= (w.next+1)*benchWindow; i++ {
			req := w.reqs[(i-1)%benchWindow]
			select {
			case <-req.done:
			default:
			}
			req.seq = int64(i)
			w.s.pairs.add(strconv.Itoa(i), req)
		}
		w.s.mu.Unlock()
		w.b.StartTimer()
		w.cur = w.chunks[w.next]
		w.next++
	}
	n := copy(p, w.cur)
	w.cur = w.cur[n:]
	return n, nil
}

// benchChunks splits the stream into windows of benchWindow events.
func benchChunks(data []byte) [][]byte {
	var chunks [][]byte
	for len(data) > 0 {
		end, n := 0, 0
		for n < benchWindow {
			k := bytes.Index(data[end:], []byte("\n\n"))
			end += k + 2
			n++
		}
		chunks = append(chunks, data[:end])
		data = data[end:]
	}
	return chunks
}

// BenchmarkIngest is the session's whole ingest path: the tap, go-sse, an
// event record and a received record per event, each answer paired with its
// pending request, and every record delivered on the Records channel.
func BenchmarkIngest(b *testing.B) {
	data := benchStream()
	chunks := benchChunks(data)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		bl := newBenchLegacy(func(r Record) int {
			if r.Kind == KindReceived && r.RPC.Class == ClassResponse {
				return 1
			}
			return 0
		})
		reqs := make([]*pending, benchWindow)
		for i := range reqs {
			reqs[i] = &pending{conn: 1, method: "tools/call", done: make(chan result, 1)}
		}
		b.StartTimer()
		if paired := bl.read(&windowReader{b: b, s: bl.s, reqs: reqs, chunks: chunks}); paired != benchEvents {
			b.Fatalf("paired %d answers, want %d", paired, benchEvents)
		}
	}
}

// benchLegacy is a legacy session reading one stream with no network under
// it, for the benchmarks of the ingest path.
type benchLegacy struct {
	s       *Session
	l       *legacy
	c       *connection
	drained chan int
}

// newBenchLegacy sets up a legacy session whose stream is ready to be read
// and drains its records, summing count over them.
func newBenchLegacy(count func(Record) int) *benchLegacy {
	s := NewSession(Config{URL: "http://127.0.0.1:1/sse"})
	u, _ := url.Parse("http://127.0.0.1:1/sse")
	l := newLegacy(s, u)
	s.tr = l
	c := &connection{n: 1, ready: make(chan struct{}), in: inbound{conn: 1, stream: StreamLegacy}}
	l.current = c
	bl := &benchLegacy{s: s, l: l, c: c, drained: make(chan int)}
	go func() {
		n := 0
		for batch := range s.Records() {
			for _, r := range batch {
				n += count(r)
			}
		}
		bl.drained <- n
	}()
	return bl
}

// read reads body as the session's stream to its end, ends the record
// stream and returns what count summed.
func (bl *benchLegacy) read(body io.Reader) int {
	bl.s.wg.Add(1)
	bl.l.readStream(context.Background(), bl.c, &http.Response{Body: io.NopCloser(body)})
	bl.s.out.close()
	return <-bl.drained
}
