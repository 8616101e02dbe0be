package mcp

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/jsonwhy"
)

// noBody is the end of a 2xx POST answer with nothing in its body.
func (t *streamable) noBody(m *outgoing, resp *http.Response, id, purpose string) error {
	noGet := t.getRefused()
	if m.p != nil && (t.modern || id == "" || noGet != "") {
		// A request's answer belongs in the POST's response. A lenient
		// wait for it on the GET stream needs a session with one; 2026
		// has none that carries answers, before initialize's answer
		// there is no session, and a server may offer none (405):
		// waiting would only run out the timeout.
		return &WireError{Cause: CauseNoResponse, Transport: t.name(), Purpose: purpose, Status: resp.StatusCode,
			Message: NoStreamForAnswer(t.endpoint.String(), resp, m.method, noGet)}
	}
	if m.p != nil && resp.StatusCode != http.StatusAccepted {
		// Only a 202 leaves room for an answer elsewhere (the lenient wait
		// on the GET stream below). 204 and 205 say there is nothing more
		// to come, and a 200 (or any other 2xx) with an empty body was the
		// answer, empty: waiting would only run out the timeout.
		return &WireError{Cause: CauseNoResponse, Transport: t.name(), Purpose: purpose, Status: resp.StatusCode,
			Message: NoAnswerToRequest(t.endpoint.String(), resp, m.method)}
	}
	// Accepted: a notification or reply needs no more; a request's
	// answer may still come on the GET stream.
	return nil
}

// NoAnswerToRequest says that the POST of a request (method) to url was
// answered resp, a success other than 202 with nothing in its body: 204
// and 205 say there is nothing more to come, and a 200 with an empty body
// was the answer, empty, so no answer can come for the request. A method
// of "" names no request, for the failure of one whose line names it
// already (the proxy's headless "post tools/list id=2: …").
func NoAnswerToRequest(url string, resp *http.Response, method string) string {
	empty := ""
	if resp.StatusCode != http.StatusNoContent && resp.StatusCode != http.StatusResetContent {
		empty = " with an empty body"
	}
	if method != "" {
		method += ", "
	}
	return fmt.Sprintf("POST %s answered %s%s to %sa request: a request's answer belongs in the POST's response (JSON or an event stream); 202 with no body is only for notifications and responses", url, statusText(resp), empty, method)
}

// NoStreamForAnswer says that the POST of a request (method) to url was
// answered resp with nothing in its body where no stream is open that
// could carry the answer instead; why (when not "") says why none is, as
// NoGetStream words it: the server offers none. A method of "" names no
// request, for the failure of one whose line names it already (the
// proxy's headless "post tools/list id=2: …").
func NoStreamForAnswer(url string, resp *http.Response, method, why string) string {
	if why != "" {
		why = " (" + why + ")"
	}
	if method != "" {
		method = " to " + method
	}
	return fmt.Sprintf("POST %s answered %s with no answer in its body%s, and no stream is open that could carry one%s: the answer belongs in the POST's response (JSON or an event stream)", url, statusText(resp), method, why)
}

// jsonAnswer reads a JSON answer: the message(s) it holds are received
// records, and a request whose answer is not among them fails at once. An
// empty body taking a notification or reply, or an empty 202, is no JSON
// to read but the usual nothing, whatever its label: the Python SDK answers
// a notification 202 with Content-Type application/json and no body.
func (t *streamable) jsonAnswer(m *outgoing, resp *http.Response, ex *HTTPExchange, gen int, id string, adopt func()) error {
	s := t.s
	limit := int64(s.cfg.MaxEventSize)
	var r io.Reader = resp.Body
	if m.p != nil {
		r = &countingReader{r: r, n: &m.p.unfinished, now: s.cfg.Now}
		// A wait that runs out short of it says how far it got, as a
		// body cut off by a closed connection does.
		m.p.unfinished.length.Store(max(resp.ContentLength, 0))
	}
	body, err := io.ReadAll(io.LimitReader(r, limit+1))
	resp.Body.Close()
	at := s.cfg.Now().Round(0)
	ex.Opened, ex.BodySize = StreamJSON, int64(len(body))
	if err != nil {
		ex.Err = err.Error()
		s.emitHTTP(ex)
		if we := badBody(err); we != nil {
			return withTransport(we, t.name(), PurposePost)
		}
		msg := "the JSON answer broke off: " + brokeWords(err)
		if errors.Is(err, io.ErrUnexpectedEOF) && resp.ContentLength > int64(len(body)) {
			// net/http's words name neither how far it got nor what the
			// server promised: a Content-Length longer than the answer.
			msg = "the JSON answer broke off after " + ofLength(int64(len(body)), resp.ContentLength) + ": the connection closed (unexpected EOF)"
		} else if resp.ContentLength < 0 {
			// With no length named, how far it got is all there is to
			// say of where it stopped: of the body as sent, or, when it
			// came compressed, of what it decoded to.
			how := "sent with no length named"
			switch {
			case resp.Uncompressed:
				how = "decoded, of a compressed body"
			case slices.Contains(resp.TransferEncoding, "chunked"):
				how = "sent in chunks, with no length named"
			}
			msg = "the JSON answer broke off after " + byteCount(int64(len(body))) + " (" + how + "): " + brokeWords(err)
		}
		return &WireError{Cause: CauseStreamEnded, Transport: t.name(), Purpose: PurposePost, Err: err, Message: msg}
	}
	if cb, ok := resp.Body.(*cutBody); ok && cb.note() != "" {
		// Part of a body nothing awaits: no message to read in it.
		ex.Opened, ex.Body, ex.Err = "", Raw(body[:min(len(body), BodyLimit)]), cb.note()
		s.emitHTTP(ex)
		adopt()
		return nil
	}
	if int64(len(body)) > limit {
		ex.Opened, ex.Body = "", Raw(body[:BodyLimit])
		s.emitHTTP(ex)
		return &WireError{Cause: CauseEventTooLarge, Transport: t.name(), Purpose: PurposePost,
			Message: fmt.Sprintf("the JSON answer is larger than the %d-byte limit", limit)}
	}
	if len(body) == 0 && (m.p == nil || resp.StatusCode >= 200 && resp.StatusCode <= 299) {
		// A success with nothing in it, to a request, says that in its
		// own words: as JSON it is only "unexpected end of JSON input".
		ex.Opened = ""
		s.emitHTTP(ex)
		adopt()
		return t.noBody(m, resp, id, ex.Purpose)
	}
	if cs := foreignCharset(resp.Header); cs != "" && !utf8.Valid(body) {
		// JSON that parses all the same (latin-1 in its strings, say)
		// shows U+FFFD where those bytes were: the record says why.
		ex.Charset = cs
	}
	s.emitHTTP(ex)
	adopt()
	in := &inbound{conn: gen, stream: StreamJSON, reqSeq: m.seq}
	if why := JSONBodyNotRPC(body, resp); why != "" {
		s.handleMessage(in, nil, string(body), at)
		return &WireError{Cause: CauseNotJSONRPC, Transport: t.name(), Purpose: PurposePost, Status: resp.StatusCode,
			Message: fmt.Sprintf("POST %s answered application/json that is %s", t.endpoint, why)}
	}
	s.handleMessage(in, nil, string(body), at)
	if m.p != nil && s.waiting(m.id) {
		msg := fmt.Sprintf("the JSON answer to request %s held no answer to it", m.named()) + emptyBatch(body)
		if other := answerID(Raw(body)); other != "" && s.answeredBefore(other) {
			// Paired as a duplicate, it is said as one under the
			// command; here it is why this request has no answer.
			msg += ", only another answer to request " + NameShown(other) + ", answered already: the server, or a proxy or cache in between, answered that request twice and the second answer came where this POST's belonged, or answered this POST with that request's answer"
		}
		return s.answerLost(m, t.name(), "application/json", nil, msg)
	}
	return nil
}

// JSONBodyNotRPC says why body, the whole application/json answer resp
// carried, is no JSON-RPC message, as words that follow "is" ("not JSON:
// it starts with a byte order mark ..."); "" when it is one, or a batch.
// One reading for a session's POST and a proxied client's.
func JSONBodyNotRPC(body []byte, resp *http.Response) string {
	if p, ok := peekMessage(bytes.TrimSpace(body)); isBatch(body) || ok && (p.hasMethod || p.result != nil || p.errv != nil) {
		return ""
	}
	why := NotRPCWhy(body)
	if resp.ContentLength > 0 && int64(len(body)) == resp.ContentLength && strings.Contains(why, jsonwhy.Unfinished) {
		// net/http reads no further than the Content-Length says: one
		// shorter than the answer cuts the JSON off, which is the
		// server's framing, not its JSON, to blame.
		why += fmt.Sprintf(" (the body ended after the %d bytes its Content-Length named: a Content-Length shorter than the answer cuts it off)", resp.ContentLength)
	}
	if cs := foreignCharset(resp.Header); cs != "" && !utf8.Valid(body) {
		// What reads as no JSON in UTF-8 may be JSON in the charset
		// its label names: the one clue to why.
		why += " (" + labelledWords(cs, "JSON") + ")"
	}
	return why
}

// countingReader keeps n at the bytes read so far: until a JSON body ends,
// every byte of it is unfinished.
type countingReader struct {
	r     io.Reader
	n     *unfinishedAnswer
	now   func() time.Time
	count int64
}

// unfinishedBody is body read through a countingReader into n, and closed
// as body is.
func unfinishedBody(body io.ReadCloser, n *unfinishedAnswer, now func() time.Time) io.ReadCloser {
	return struct {
		io.Reader
		io.Closer
	}{&countingReader{r: body, n: n, now: now}, body}
}

func (c *countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	if k > 0 {
		c.count += int64(k)
		c.n.set(c.count, c.now())
	}
	return k, err
}

// emptyBatch says, of a JSON answer that is an empty array, what it is: a
// batch of no messages, where nothing else would be said of it.
func emptyBatch(b []byte) string {
	if t := bytes.TrimSpace(b); len(t) >= 2 && t[0] == '[' && len(bytes.TrimSpace(t[1:len(t)-1])) == 0 && t[len(t)-1] == ']' {
		return " (it is an empty JSON array: a batch of no messages)"
	}
	return ""
}

// isBatch reports a JSON array, which handleMessage reads message by message.
func isBatch(b []byte) bool {
	b = bytes.TrimSpace(b)
	return len(b) > 0 && b[0] == '['
}

// answerID reads the id of a JSON-RPC answer, or "".
func answerID(b Raw) string {
	p, ok := peekMessage(bytesOf(string(b)))
	if !ok || p.id == nil || (p.result == nil && p.errv == nil) {
		return ""
	}
	return string(p.id)
}
