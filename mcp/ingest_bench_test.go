package mcp

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
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

// BenchmarkIngest is the session's whole ingest path: the tap, go-sse, an
// event record and a received record per event, each answer paired with a
// pending request, and every record delivered on the Records channel.
func BenchmarkIngest(b *testing.B) {
	data := benchStream()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		s := NewSession(Config{URL: "http://127.0.0.1:1/sse"})
		s.stream, _ = url.Parse("http://127.0.0.1:1/sse")
		c := &connection{n: 1, ready: make(chan struct{})}
		s.current = c
		for i := 1; i <= benchEvents; i++ {
			s.pending[int64(i)] = &pending{seq: int64(i), conn: 1, method: "tools/call", done: make(chan result, 1)}
		}
		drained := make(chan int)
		go func() {
			paired := 0
			for r := range s.Records() {
				if r.Kind == KindReceived && r.RPC.Class == ClassResponse {
					paired++
				}
			}
			drained <- paired
		}()
		b.StartTimer()
		s.wg.Add(1)
		s.readStream(context.Background(), c, &http.Response{Body: io.NopCloser(bytes.NewReader(data))})
		s.out.close()
		if paired := <-drained; paired != benchEvents {
			b.Fatalf("paired %d answers, want %d", paired, benchEvents)
		}
	}
}
