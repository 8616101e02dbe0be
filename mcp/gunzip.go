package mcp

import (
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// net/http asks for gzip on its own and decodes it with no bound on how
// far a body may expand: a few kilobytes of gzip can be gigabytes of
// keep-alive comments, each one a record on screen and a line in the
// recording. gunzipTransport asks for gzip itself, as net/http would, and
// decodes it through a reader that refuses a body expanding past
// maxGzipRatio once it is past gzipAllowance: real answers compress far
// less (a tool list of thousands of look-alike tools, about 80-fold).
const (
	maxGzipRatio  = 256
	gzipAllowance = 1 << 20
)

// gunzipTransport is the session's round tripper: base, but with gzip
// asked for and decoded under a bound. A request that names its own
// Accept-Encoding (the user's -H) is left to base, as net/http leaves it.
type gunzipTransport struct{ base http.RoundTripper }

func (g gunzipTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Header.Get("Accept-Encoding") != "" || req.Header.Get("Range") != "" || req.Method == http.MethodHead {
		return g.base.RoundTrip(req)
	}
	// A RoundTripper must not change the request it was given.
	asked := req.Clone(req.Context())
	asked.Header.Set("Accept-Encoding", "gzip")
	resp, err := g.base.RoundTrip(asked)
	if err != nil || resp == nil {
		return resp, err
	}
	resp.Request = req
	if !strings.EqualFold(resp.Header.Get("Content-Encoding"), "gzip") || resp.Body == nil || resp.Body == http.NoBody {
		return resp, nil
	}
	// As net/http does once it decodes: the length and the label were the
	// encoded body's.
	resp.Body = &boundedGunzip{raw: resp.Body}
	resp.Header.Del("Content-Encoding")
	resp.Header.Del("Content-Length")
	resp.ContentLength = -1
	resp.Uncompressed = true
	return resp, nil
}

// CloseIdleConnections closes base's idle connections, as http.Client
// asks of its transport.
func (g gunzipTransport) CloseIdleConnections() {
	if c, ok := g.base.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// boundedGunzip decodes a gzip body, counting what it reads and what it
// gives, and fails once the body has expanded past the bound.
type boundedGunzip struct {
	raw      io.ReadCloser
	counted  countedReader
	zr       *gzip.Reader
	out      int64
	err      error
	expanded bool
}

// countedReader counts the bytes read through it.
type countedReader struct {
	r io.Reader
	n int64
}

func (c *countedReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n += int64(k)
	return k, err
}

func (b *boundedGunzip) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if b.zr == nil {
		b.counted.r = b.raw
		zr, err := gzip.NewReader(&b.counted)
		if err != nil {
			// An empty body (io.EOF) is an empty answer, as net/http
			// reads it; anything else is a body that does not decode.
			b.err = err
			return 0, err
		}
		b.zr = zr
	}
	n, err := b.zr.Read(p)
	b.out += int64(n)
	if b.out > gzipAllowance && b.out > maxGzipRatio*b.counted.n {
		b.err = &WireError{Cause: CauseBadHTTP,
			Message: fmt.Sprintf("the gzip body expanded more than %d-fold (%d bytes became %d): refused as a compression bomb", maxGzipRatio, b.counted.n, b.out)}
		return n, b.err
	}
	if err != nil {
		b.err = err
	}
	return n, err
}

func (b *boundedGunzip) Close() error { return b.raw.Close() }
