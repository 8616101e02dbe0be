package mcp

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

const benchKeepAlives = 100_000

// BenchmarkKeepAliveFlood is a stream flooding ": keepalive" comments (a
// 2026 listen stream or a GET stream in a quiet period, with the interval
// set to nothing): the whole ingest path of a comment, from the tap to the
// Records channel.
func BenchmarkKeepAliveFlood(b *testing.B) {
	data := []byte(strings.Repeat(": keepalive\n\n", benchKeepAlives))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		s := NewSession(Config{URL: "http://127.0.0.1:1/sse"})
		u, _ := url.Parse("http://127.0.0.1:1/sse")
		l := newLegacy(s, u)
		s.tr = l
		c := &connection{n: 1, ready: make(chan struct{}), in: inbound{conn: 1, stream: StreamLegacy}}
		l.current = c
		drained := make(chan int)
		go func() {
			comments := 0
			for batch := range s.Records() {
				for _, r := range batch {
					if r.Kind == KindEvent {
						comments += len(r.Event.Comments)
					}
				}
			}
			drained <- comments
		}()
		b.StartTimer()
		s.wg.Add(1)
		l.readStream(context.Background(), c, &http.Response{Body: io.NopCloser(bytes.NewReader(data))})
		s.out.close()
		if n := <-drained; n != benchKeepAlives {
			b.Fatalf("%d comments delivered, want %d", n, benchKeepAlives)
		}
	}
}
