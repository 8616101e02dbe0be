package mcp

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/textproto"
	"net/url"
	"strconv"
	"strings"
	"syscall"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// do sends req and fills ex with what a record of it needs: the headers as
// sent, the redirects followed, the status line and headers of the answer,
// and the time to them. The user's headers go only to the user's origin.
// Failures come back as wire errors with their cause; the caller logs ex.
func (s *Session) do(req *http.Request, ex *HTTPExchange) (*http.Response, error) {
	// mcpscope names itself, so servers and proxies can tell its sessions
	// from other clients'; set first, so the user's -H can replace it.
	req.Header.Set("User-Agent", s.cfg.ClientName+"/"+s.cfg.ClientVersion)
	if s.origins.credentialed(req.URL) {
		s.headers(req)
	}
	var hops []Redirect
	ctx := req.Context()
	req = req.WithContext(withHops(ctx, &hops))
	ex.Method, ex.URL = req.Method, req.URL.String()
	ex.KeepRequestHeaders(SentHeaders(req))
	start := s.cfg.Now()
	resp, resent, err := SendTraced(s.client, req)
	ex.Duration = s.cfg.Now().Sub(start)
	ex.Redirects, ex.Resent = hops, resent
	if err != nil {
		ex.Err = err.Error()
		if leaving, _ := ctx.Value(leavingKey{}).(bool); leaving && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			// net/http says only "deadline exceeded": the bound was
			// mcpscope's own, on leaving, which the record tells apart.
			ex.Err += ": " + errLeaveBound.Error()
		}
		if we := refusedRedirect(err); we != nil {
			return nil, we
		}
		switch {
		case errors.Is(ctx.Err(), context.Canceled):
			return nil, ctx.Err()
		case errors.Is(ctx.Err(), context.DeadlineExceeded):
			return nil, &WireError{Cause: CausePostTimeout, Purpose: ex.Purpose, Err: err,
				Message: fmt.Sprintf("%s %s got no answer in time", req.Method, ex.URL)}
		}
		return nil, &WireError{Cause: FailureCause(err), Purpose: ex.Purpose, Err: err,
			Answered: s.answered.Load(), Addr: FailedAt(err, req.URL),
			Message: fmt.Sprintf("%s %s failed: %s", req.Method, ex.URL, FailureWords(err))}
	}
	s.answered.Store(true)
	ex.Status, ex.StatusLine = resp.StatusCode, resp.Status
	ex.KeepHeaders(resp.Header)
	if we := oddStatus(req, resp, ex); we != nil {
		return nil, we
	}
	if we := encodingError(req, resp, ex); we != nil {
		return nil, we
	}
	if we := plainToTLS(req, resp, ex); we != nil {
		return nil, we
	}
	if len(resp.TransferEncoding) > 0 {
		resp.Body = &dechunked{resp.Body}
	}
	return resp, nil
}

// dechunked is a body net/http reads in chunks: chunks framed wrongly, or
// a trailer that does not parse, fail with an error that says the answer
// is not HTTP a client can read, as a gzip body that does not decode does,
// rather than as a stream that broke and may be tried again.
type dechunked struct{ io.ReadCloser }

func (d *dechunked) Read(p []byte) (int, error) {
	n, err := d.ReadCloser.Read(p)
	var trailer textproto.ProtocolError
	if err != nil && err != io.EOF && errors.As(err, &trailer) {
		// The only header lines a body holds are its trailer, read
		// after the last chunk: the body itself came whole.
		err = &WireError{Cause: CauseBadHTTP, Err: err,
			Message: "the body's trailer (the header lines after its last chunk) is malformed (" + clip.Quote(err.Error(), 200) + ")"}
	} else if err != nil && err != io.EOF && badChunks(err) {
		err = &WireError{Cause: CauseBadHTTP, Err: err,
			Message: "the body's chunked framing is broken (" + err.Error() + ")"}
	}
	return n, err
}

// badChunks reports net/http's errors for chunks framed wrongly, which it
// does not export as types.
func badChunks(err error) bool {
	msg := err.Error()
	for _, s := range []string{"chunk length", "malformed chunked encoding", "chunked encoding contains", "invalid trailer"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// plainToTLS refuses the 400 a TLS port answers a plain http:// request
// with (Go and Caddy: "Client sent an HTTP request to an HTTPS server.",
// nginx: "The plain HTTP request was sent to HTTPS port", Apache: "speaking
// plain HTTP to an SSL-enabled server port"). Read as a 400, every probe
// of detection would be "not this transport here", and the URL's scheme,
// the one thing wrong, would go unsaid. Other 400s are left whole.
func plainToTLS(req *http.Request, resp *http.Response, ex *HTTPExchange) *WireError {
	if req.URL.Scheme != "http" || resp.StatusCode != http.StatusBadRequest {
		return nil
	}
	head, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	lower := bytes.ToLower(head)
	if !bytes.Contains(lower, []byte("plain http")) && !bytes.Contains(lower, []byte("http request to an https")) {
		resp.Body = struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(head), resp.Body), resp.Body}
		return nil
	}
	resp.Body.Close()
	ex.Body, ex.BodySize = Raw(head), int64(len(head))
	msg := fmt.Sprintf("%s %s answered %s: %s (a TLS port's answer to plain HTTP)", req.Method, ex.URL, statusText(resp), firstLine(string(head)))
	ex.Err = msg
	return &WireError{Cause: CauseWantsTLS, Purpose: ex.Purpose, Status: resp.StatusCode, Message: msg}
}

// oddStatus refuses a status HTTP does not have, and a 101 Switching
// Protocols, which mcpscope never asks for. For a 101 net/http hands the
// connection itself over as the body, which no deadline or cancellation
// ends: read as an answer, it would hold the request, and quitting, until
// the server hung up. Closing the body closes the connection.
func oddStatus(req *http.Request, resp *http.Response, ex *HTTPExchange) *WireError {
	if resp.StatusCode > 599 {
		// net/http reads any three digits; what a 999 means nobody
		// knows, so its body is not taken for the answer either.
		resp.Body.Close()
		msg := fmt.Sprintf("%s %s answered status %s, which HTTP does not have (statuses run from 100 to 599)", req.Method, ex.URL, statusText(resp))
		ex.Err = msg
		return &WireError{Cause: CauseBadHTTP, Purpose: ex.Purpose, Status: resp.StatusCode, Message: msg}
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		return nil
	}
	resp.Body.Close()
	up := HeaderQuote(resp.Header.Get("Upgrade"))
	msg := fmt.Sprintf("%s %s answered %s (Upgrade: %q), a switch to another protocol that mcpscope did not ask for: MCP over HTTP is answered in HTTP", req.Method, ex.URL, statusText(resp), up)
	ex.Err = msg
	return &WireError{Cause: CauseBadHTTP, Purpose: ex.Purpose, Status: resp.StatusCode,
		Header: map[string]string{"Upgrade": up}, Message: msg}
}

// encodingError refuses a successful answer whose body is in an encoding
// mcpscope did not ask for (net/http asks for gzip and decodes it, taking
// the header away): read as it is, it would be garbage blamed on the
// server's JSON. A gzip body that does not decode fails its reads with a
// CauseBadHTTP error that says so.
func encodingError(req *http.Request, resp *http.Response, ex *HTTPExchange) *WireError {
	if resp.Uncompressed {
		resp.Body = &gunzipped{resp.Body}
		return nil
	}
	ce := resp.Header.Get("Content-Encoding")
	if ce == "" || strings.EqualFold(ce, "identity") || resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil
	}
	if resp.Body == http.NoBody || resp.ContentLength == 0 {
		// No body, nothing to decode: net/http leaves the label on an
		// empty answer (a gateway's 202) since it only decodes a body.
		return nil
	}
	// The body is not read, not even for an excerpt: it cannot be decoded,
	// and an event stream may stay open as long as the request may wait.
	resp.Body.Close()
	msg := fmt.Sprintf("%s %s answered with Content-Encoding %q, which mcpscope did not ask for (it takes gzip, or none): the body cannot be read", req.Method, ex.URL, ce)
	if ae := req.Header.Get("Accept-Encoding"); ae != "" {
		// The user's own header asked for it, and net/http decodes only
		// the gzip it asked for itself.
		msg = fmt.Sprintf("%s %s answered with Content-Encoding %q, as the -H Accept-Encoding: %s header allowed; mcpscope decodes only what it asks for itself, so the body cannot be read: leave that header out", req.Method, ex.URL, ce, ae)
	}
	ex.Err = msg
	return &WireError{Cause: CauseBadHTTP, Purpose: ex.Purpose, Status: resp.StatusCode, Undecodable: true,
		Header: map[string]string{"Content-Encoding": ce}, Message: msg}
}

// gunzipped is a body net/http decodes from gzip: a body that is not gzip
// after all fails with an error that says so, rather than as a stream that
// broke and may be tried again.
type gunzipped struct{ io.ReadCloser }

func (g *gunzipped) Read(p []byte) (int, error) {
	n, err := g.ReadCloser.Read(p)
	var corrupt flate.CorruptInputError
	if errors.Is(err, gzip.ErrHeader) || errors.Is(err, gzip.ErrChecksum) || errors.As(err, &corrupt) {
		err = &WireError{Cause: CauseBadHTTP, Err: err, Undecodable: true,
			Message: "the body is labelled Content-Encoding: gzip but does not decode (" + err.Error() + ")"}
	}
	return n, err
}

// HostPort is where a request to u connects: its host and port, the
// scheme's port when the URL names none.
func HostPort(u *url.URL) string {
	port := u.Port()
	switch {
	case port != "":
	case u.Scheme == "https":
		port = "443"
	default:
		port = "80"
	}
	return net.JoinHostPort(u.Hostname(), port)
}

// FailureWords says why an HTTP request that got no answer failed, as the
// error says it but in words where net/http's are bare: a connection
// closed before any answer is only "EOF" to net/http, and headers past
// its limit name neither 1xx answers nor the server.
func FailureWords(err error) string {
	if errors.Is(err, io.EOF) {
		return "the server closed the connection without answering (EOF)"
	}
	if errors.Is(err, io.ErrUnexpectedEOF) && strings.Contains(err.Error(), connBroken) {
		// The answer began (net/http read its status line at least) and
		// the connection ended before the blank line after its headers.
		return "the server closed the connection partway through its answer's status line and headers (unexpected EOF)"
	}
	if long, ok := HeadersTooLong(err); ok {
		return long
	}
	if errors.Is(err, syscall.ECONNRESET) {
		// net/http quotes the socket's whole error, addresses and all, and
		// on a kept-alive connection its own function's name
		// ("readLoopPeekFailLocked: read tcp …: read: connection reset by
		// peer"): the reset in the socket's words, as an answer cut off
		// by one says it (brokeWords).
		return "the server closed the connection without answering (" + brokeWords(err) + ")"
	}
	var pe textproto.ProtocolError
	if errors.As(err, &pe) {
		// net/http wraps it as "net/http: HTTP/1.x transport connection
		// broken: ...", which names neither the answer nor its headers.
		return headerWords(string(pe))
	}
	if plainAnswerToTLS(err) {
		// net/http's "http: server gave HTTP response to HTTPS client".
		return "it answered in plain HTTP, not TLS"
	}
	if words := dialWords(err); words != "" {
		return words
	}
	// net/http quotes what it refused of the answer whole ("malformed HTTP
	// status code" and the status line): a server sending a status line of
	// megabytes made every failed request's words, records and the proxy's
	// 502 to its client that long. The end is kept: a TLS error's ("x509:
	// certificate is valid for … , not mcp.example") says the most.
	return clip.Middle(unwrapURLError(err).Error(), maxFailureWords)
}

// maxFailureWords bounds net/http's own words for a failure, which can
// quote the server's.
const maxFailureWords = 600

// connBroken is how net/http begins its error for an answer that went
// wrong while it read it, which it does not export as a type: a TLS
// handshake or dial cut short can be an unexpected EOF too.
const connBroken = "transport connection broken"

// badHeaderLine is how net/textproto begins its error for a header line it
// refuses (a control byte in Mcp-Session-Id or WWW-Authenticate), the line
// after it quoted in Go's syntax, which shows such bytes as escapes.
const badHeaderLine = "malformed MIME header line: "

// headerWords says what net/textproto's error about an answer's headers
// means. A header line it refuses is the server's bug, whatever transport
// asked, as every one reads HTTP headers: its words ("malformed MIME header
// line" and the whole line, hundreds of bytes of a long header) named
// neither, so the line is cut to its first 80 bytes.
func headerWords(pe string) string {
	if line, ok := strings.CutPrefix(pe, badHeaderLine); ok {
		return "the server sent a header that is not valid HTTP (" + clip.Quote(sanitize.Line(line), 80) +
			"): a bug in the server or a proxy in front of it, which no --transport avoids, as every transport reads HTTP headers"
	}
	return "its answer's headers do not parse: " + clip.Quote(sanitize.Line(pe), 300)
}

// dialWords says why no connection was made in the user's words, or ""
// for another failure: Go's "dial tcp 127.0.0.1:9852: connect:
// connection refused" named its own call, and a name that does not
// resolve read "dial tcp: lookup NAME on 10.0.0.53:53: no such host",
// naming the resolver's address as if it were the server's.
func dialWords(err error) string {
	var dns *net.DNSError
	if errors.As(err, &dns) && dns.IsNotFound {
		return "no host is named " + strconv.Quote(dns.Name) + " (DNS found none)"
	}
	var errno syscall.Errno
	if isDialError(err) && errors.As(err, &errno) {
		return errno.Error()
	}
	return ""
}

// unwrapURLError drops net/http's "Get \"URL\": " prefix, which would say
// the URL twice.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// readExcerpt reads up to BodyLimit bytes and counts the rest, up to max
// bytes in all: a server sending an endless error page must not hold the
// session forever.
func readExcerpt(r io.Reader, max int64) (Raw, int64, error) { return readKept(r, BodyLimit, max) }

// readKept reads up to keep bytes and counts the rest, reading at most max
// more; the error is why the body broke off before its end (upstream
// closed short of its Content-Length, a reset), nil when it ended or
// reached max: what was read is kept either way.
func readKept(r io.Reader, keep, max int64) (Raw, int64, error) {
	b, err := io.ReadAll(io.LimitReader(r, keep))
	n, cerr := io.Copy(io.Discard, io.LimitReader(r, max))
	if err == nil {
		err = cerr
	}
	return Raw(b), int64(len(b)) + n, err
}

// QuotedBody is body as an error quotes it: ending with the cut mark when
// its read broke off (broke), as the bytes kept may end in the middle of a
// word, or of a token the server echoed, which the mark gets redacted as
// at every cut; quoted bare, it would read as the whole line. The proxy
// quotes its upstream's bodies so too.
func QuotedBody(body Raw, broke error) string {
	if broke != nil && len(body) > 0 {
		return string(body) + clip.Ellipsis
	}
	return string(body)
}

// MediaType is a Content-Type without its parameters, lower-cased. A type
// whose parameters do not parse (`application/json; charset`) still names
// its media type, and that decides how the body is read.
func MediaType(h http.Header) string { return mediaTypeOf(h.Get("Content-Type")) }

// mediaTypeOf is MediaType of a Content-Type value.
func mediaTypeOf(contentType string) string {
	ct, _, err := mime.ParseMediaType(contentType)
	if err != nil && !errors.Is(err, mime.ErrInvalidMediaParameter) {
		before, _, _ := strings.Cut(contentType, ";")
		return strings.ToLower(strings.TrimSpace(before))
	}
	return ct
}

// ContentTypeWords is an answer's Content-Type quoted for a message
// ("none" when it had none) and, when the answer had more than one, how
// many and what the others said: net/http and mcpscope read the first,
// and a body read as the wrong kind because a server (or a proxy in front
// of it) labelled it twice is otherwise said to be labelled only as the
// first says.
func ContentTypeWords(h http.Header) string {
	if len(h.Values("Content-Type")) == 0 {
		// Said as what it is: `Content-Type ""` read as a header sent
		// empty.
		return "none"
	}
	words := fmt.Sprintf("%q", HeaderQuote(h.Get("Content-Type")))
	if vs := h.Values("Content-Type"); len(vs) > 1 {
		words += fmt.Sprintf(" (the first of %d Content-Type headers, the others saying %s)", len(vs),
			clip.ListFunc(vs[1:], 3, func(o string) string { return fmt.Sprintf("%q", clip.Quote(HeaderQuote(o), 64)) }))
	}
	return words
}

// foreignCharset is the charset an answer's Content-Type names when it is
// not UTF-8, which is the only encoding of event streams and of JSON; ""
// when it names none or UTF-8.
func foreignCharset(h http.Header) string {
	_, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		return ""
	}
	cs := strings.TrimSpace(params["charset"])
	if cs == "" || strings.EqualFold(cs, "utf-8") || strings.EqualFold(cs, "utf8") {
		return ""
	}
	return cs
}

// eventStream takes a GET's answer: a 200 event stream is recorded and
// kept open; anything else is recorded with the start of its body, closed,
// and becomes the error that says what came instead.
func (s *Session) eventStream(resp *http.Response, ex *HTTPExchange, transport, url string) *WireError {
	if resp.StatusCode == http.StatusOK && MediaType(resp.Header) == "text/event-stream" {
		ex.Opened = "sse"
		s.emitHTTP(ex)
		return nil
	}
	var broke error
	ex.Body, ex.BodySize, broke = readExcerpt(resp.Body, int64(s.cfg.MaxEventSize))
	resp.Body.Close()
	s.emitHTTP(ex)
	quoted := QuotedBody(ex.Body, broke)
	url = answeredAt(url, resp)
	we := s.statusError(ex.Purpose, transport, http.MethodGet, url, resp, quoted, ex.BodySize, broke)
	if resp.StatusCode == http.StatusOK {
		// Quoted as an error page is (statusError): a body refused as a
		// compression bomb is said so, not sized where it stopped.
		size, unread := bombCut(ex.BodySize, broke)
		we.Cause = CauseNotEventStream
		we.Message = fmt.Sprintf("GET %s answered with Content-Type %s, not an event stream", url, ContentTypeWords(resp.Header))
		if line := bodyLine(resp.Header, quoted, size); line != "" {
			we.Message += ": " + line
		}
		we.Message += unread
	}
	return we
}

// badBody returns the error a gunzipped or dechunked body failed with,
// when err is one.
func badBody(err error) *WireError {
	var we *WireError
	if errors.As(err, &we) && we.Cause == CauseBadHTTP {
		return we
	}
	return nil
}
