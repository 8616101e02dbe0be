package mcp

import (
	"bytes"
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
		bl := newBenchLegacy(func(r Record) int {
			if r.Kind == KindEvent {
				return len(r.Event.Comments)
			}
			return 0
		})
		b.StartTimer()
		if n := bl.read(bytes.NewReader(data)); n != benchKeepAlives {
			b.Fatalf("%d comments delivered, want %d", n, benchKeepAlives)
		}
	}
}
