package proxy

import (
	"io"
	"runtime"
	"testing"
)

// zeros is a body of n zero bytes whose reading allocates nothing.
type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	if z.n == 0 {
		return 0, io.EOF
	}
	n := int(min(int64(len(p)), z.n))
	clear(p[:n])
	z.n -= int64(n)
	return n, nil
}

// A chunked body (no Content-Length) of the whole of --max-event-size,
// or one past it that is refused, costs the proxy about the limit once.
// The room for the one byte that tells the end from too much was a second
// buffer of the limit: 64 MiB, the default, is 64 KiB times a power of
// bodyGrowth, so every such body held 128 MiB at once, and eight clients
// sending a 1 GB chunked POST each (all refused with 413) took the proxy
// past 1 GB.
func TestBodyOfTheLimitIsHeldOnce(t *testing.T) {
	const limit = firstBodyBlock * bodyGrowth * bodyGrowth * bodyGrowth * bodyGrowth // 16 MiB
	for _, c := range []struct {
		what    string
		size    int64
		tooMany bool
	}{
		{"a chunked body of the limit", limit, false},
		{"a chunked body one byte past the limit", limit + 1, true},
		{"a chunked 1 GB body", 1 << 30, true},
	} {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		body, err := readLimited(&zeros{c.size}, -1, limit, nil)
		runtime.ReadMemStats(&after)
		if c.tooMany && err != errTooLarge {
			t.Fatalf("%s: got %d bytes, error %v, want it refused as too large", c.what, len(body), err)
		}
		if !c.tooMany && (err != nil || len(body) != limit) {
			t.Fatalf("%s: got %d bytes, error %v, want all %d", c.what, len(body), err, limit)
		}
		// The buffers as they grow add up to 4/3 of the limit; a second
		// buffer of the limit makes it 7/3.
		if got, most := after.TotalAlloc-before.TotalAlloc, uint64(limit)*3/2; got > most {
			t.Errorf("%s took %d MiB to read, want at most %d MiB (the limit is %d MiB)", c.what, got>>20, most>>20, limit>>20)
		}
	}
}
