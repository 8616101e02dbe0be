package mcp

import (
	"compress/gzip"
	"compress/zlib"
	"errors"
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
	// HTTP has a client take x-gzip, gzip's old name, as gzip (RFC 9110,
	// 8.4.1.3); net/http does not, and refusing it would blame the server
	// for an answer every browser reads.
	label := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding")))
	if (label != "gzip" && label != "x-gzip") || resp.Body == nil || resp.Body == http.NoBody {
		return resp, nil
	}
	DecodeBody(resp)
	return resp, nil
}

// DecodeBody decodes resp's body from its Content-Encoding through
// Decoder, under the one bound on compressed bodies, and takes the label
// and the length away, as net/http does once it decodes: they were the
// encoded body's. It reports false, leaving resp as it was, for an
// encoding Decoder has no decoder for.
func DecodeBody(resp *http.Response) bool {
	label := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding")))
	dec, ok := Decoder(resp.Body, label)
	if !ok {
		return false
	}
	resp.Body = decodedBody{dec, resp.Body}
	resp.Header.Del("Content-Encoding")
	resp.Header.Del("Content-Length")
	resp.ContentLength = -1
	resp.Uncompressed = true
	return true
}

// CloseIdleConnections closes base's idle connections, as http.Client
// asks of its transport.
func (g gunzipTransport) CloseIdleConnections() {
	if c, ok := g.base.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// ErrCompressionBomb is a compressed body that expanded past the bound
// every compressed body mcpscope reads is held to (Decoder).
var ErrCompressionBomb = errors.New("a compression bomb")

// Decoder is r decoded from the Content-Encoding enc (gzip, x-gzip or
// deflate, in any case), under the one bound on compressed bodies, a
// server's answer or a proxied client's message alike: past its first
// gzipAllowance bytes, a body expanding more than maxGzipRatio-fold fails
// with a bad-HTTP WireError wrapping ErrCompressionBomb. ok is false for
// an encoding it has no decoder for. Nothing is read until the first
// Read: a stream's header may be slow to come.
func Decoder(r io.Reader, enc string) (dec io.Reader, ok bool) {
	var open func(io.Reader) (io.Reader, error)
	switch strings.ToLower(strings.TrimSpace(enc)) {
	case "gzip", "x-gzip":
		open = func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }
	case "deflate":
		open = func(r io.Reader) (io.Reader, error) { return zlib.NewReader(r) }
	default:
		return nil, false
	}
	return &boundedDecoder{counted: countedReader{r: r}, open: open, enc: enc}, true
}

// boundedDecoder decodes a body, counting what it reads and what it
// gives, and fails once the body has expanded past the bound.
type boundedDecoder struct {
	counted countedReader
	open    func(io.Reader) (io.Reader, error)
	enc     string
	dec     io.Reader
	out     int64
	err     error
}

// countedReader counts the bytes read through it, and notes when they
// ended whole (io.EOF).
type countedReader struct {
	r     io.Reader
	n     int64
	ended bool
}

func (c *countedReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n += int64(k)
	c.ended = c.ended || err == io.EOF
	return k, err
}

func (b *boundedDecoder) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if b.dec == nil {
		dec, err := b.open(&b.counted)
		if err != nil {
			// An empty body (io.EOF) is an empty answer, as net/http
			// reads it; anything else is a body that does not decode.
			b.err = b.cut(err)
			return 0, b.err
		}
		b.dec = dec
	}
	n, err := b.dec.Read(p)
	b.out += int64(n)
	if b.out > gzipAllowance && b.out > maxGzipRatio*b.counted.n {
		b.err = &WireError{Cause: CauseBadHTTP, Err: ErrCompressionBomb, Undecodable: true,
			Message: fmt.Sprintf("the %s body expanded more than %d-fold (%d bytes became %d): refused as a compression bomb", b.enc, maxGzipRatio, b.counted.n, b.out)}
		return n, b.err
	}
	if err != nil {
		err = b.cut(err)
		b.err = err
	}
	return n, err
}

// cut is err, the decoder's, as the body's failure: the decoder wanting
// more (io.ErrUnexpectedEOF) after the body ended whole is a body cut
// short or not compressed as labelled, the server's doing. It read "the
// JSON answer broke off: unexpected EOF" with "run the command again", as
// a connection that broke would, and every run gets the same body.
func (b *boundedDecoder) cut(err error) error {
	if !errors.Is(err, io.ErrUnexpectedEOF) || !b.counted.ended {
		return err
	}
	return &WireError{Cause: CauseBadHTTP, Err: err, Undecodable: true,
		Message: fmt.Sprintf("the body is labelled Content-Encoding: %s but does not decode: it ends (after %d bytes) before its compressed data does", b.enc, b.counted.n)}
}

// decodedBody is a response body read through its Decoder, closed as the
// body it decodes.
type decodedBody struct {
	io.Reader
	raw io.Closer
}

func (d decodedBody) Close() error { return d.raw.Close() }

// bombCut is what a message quoting a body says of a read that Decoder's
// bound stopped: the size read up to there, which bodyLine would give as
// the whole body's, becomes 0, and unread says why the rest went unread.
// Any other break leaves size as it is and unread empty.
func bombCut(size int64, broke error) (int64, string) {
	if !errors.Is(broke, ErrCompressionBomb) {
		return size, ""
	}
	return 0, "; the rest of the body was not read: " + broke.Error()
}
