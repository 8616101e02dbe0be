package proxy

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// writeHeader relays the answer's status and headers to the client.
func (l *leg) writeHeader(resp *http.Response) {
	l.setHeader(resp)
	l.writeStatus(resp.StatusCode)
}

// setHeader sets the answer's headers for the client, not yet sent.
func (l *leg) setHeader(resp *http.Response) {
	h := l.w.Header()
	for k, v := range resp.Header {
		h[k] = v
	}
	dropHop(h)
	if loc := resp.Header.Get("Location"); loc != "" {
		h.Set("Location", l.p.local(loc))
	}
}

// local points a Location on the upstream's origin back at the proxy, so
// the client follows the redirect through it; any other stays as it is.
func (p *Proxy) local(loc string) string {
	u, err := url.Parse(loc)
	if err != nil {
		return loc
	}
	abs := p.upstream.ResolveReference(u)
	if !mcp.SameOrigin(abs, p.upstream) {
		return loc
	}
	return pathOn(abs)
}

// answer relays what upstream answered and logs it: an event stream event
// by event (stream names it), JSON with its messages, anything else as an
// excerpt. It returns how relaying the body ended: nil when all of it
// reached the client.
func (l *leg) answer(resp *http.Response, stream string, rewrite rewriter) error {
	defer resp.Body.Close()
	if to, home, ok := l.p.redirect(resp); ok && resp.Request.Method == http.MethodPost && l.reqSeq != 0 {
		l.redirected(resp, to, home)
	}
	ok := resp.StatusCode >= 200 && resp.StatusCode < 300
	ct := mcp.MediaType(resp.Header)
	rewritten, refused := l.asStream(resp, ok, rewrite)
	if refused {
		return nil
	}
	if rewritten {
		ct = "text/event-stream"
	}
	switch {
	case ok && encodedBody(resp):
		l.writeHeader(resp)
		return l.encoded(resp)
	case ok && ct == "text/event-stream":
		l.up.Opened = "sse"
		// A session its first event settles (openStream) logs the stream's
		// opening once it says how it began. The client gets the header
		// only once that opening is logged, or waits for it: the client's
		// next message, sent the moment the header arrives (the Go SDK's
		// write of a request returns then), or its initialize, which can
		// settle the session, must be logged after the stream's opening.
		l.setHeader(resp)
		l.setStatus(resp.StatusCode)
		l.c.afterStart(l.sendStatus, l.opened)
		return l.events(resp.Body, stream, rewrite)
	case ct == "application/json" && resp.Request.Method == http.MethodPost:
		l.writeHeader(resp)
		return l.json(resp, ok)
	default:
		l.writeHeader(resp)
		return l.other(resp)
	}
}

// opened logs an event stream's exchange with upstream and with the client,
// then what onOpen adds.
func (l *leg) opened() {
	up := l.up
	if up.Purpose == mcp.PurposeStream && l.c.kind() == mcp.TransportStreamable {
		// A GET with no session id is relayed as a legacy stream until
		// its first event (or the client's initialize) settles it: this
		// runs once it is, and a streamable client's is its GET stream.
		up.Purpose = mcp.PurposeGet
	}
	l.c.obs.Emit(mcp.Record{Kind: mcp.KindHTTP, HTTP: &up})
	l.emitRelay()
	if l.onOpen != nil {
		l.onOpen()
	}
}

// rewriter says what the client gets for a block of a stream (out), given
// that sent bytes of it went out already (a block too large to hold
// streams as it comes; out must then begin with those bytes); done says
// the blocks after it go through untouched.
type rewriter func(ev *mcp.SSEEvent, sent int) (out string, done bool)

// events relays an event stream. Without a rewriter each read from
// upstream goes to the client and is flushed once the proxy has parsed it
// and logged the events it ended, before the proxy reads again: an event
// reaches the client as soon as its bytes are parsed, and what the client
// does on it (answer a server's request) is logged after it. With one (a
// stream that may be a legacy session's, where every endpoint event must
// point the client at the proxy), each block is held until it is parsed
// and the rewriter has seen it: a whole event reaches the client as soon
// as its last byte does. A block still growing past holdLimit is no
// endpoint event the proxy would hand on, so it streams as it comes (a
// 20 MB answer is never held whole), and the rewriter refuses it should
// it turn out to be one.
func (l *leg) events(body io.Reader, stream string, rewrite rewriter) error {
	// What the events said is heard once they are logged and before the
	// client has them (the tee hears them before it writes): a session
	// an answer opens is open after the answer, and before the client's
	// next message.
	var unheard []string
	hear := func() {
		for _, msg := range unheard {
			l.heard(msg)
		}
		unheard = unheard[:0]
	}
	t := &tee{src: body, w: l.w, rc: http.NewResponseController(l.w), holding: rewrite != nil, unfinished: -1,
		wait: func() { l.c.obs.WaitRoom(l.ctx) }, hear: hear}
	err := l.c.obs.ServerEvents(t, stream, conn, l.reqSeq, l.strays, func(ev *mcp.SSEEvent) error {
		l.eventID = l.eventID || ev.ID != ""
		if l.strays != nil {
			l.strays.Note(ev)
		}
		if ev.Unparsed() {
			l.cut = len(ev.Raw)
		}
		if l.heard != nil && !ev.Unparsed() {
			unheard = append(unheard, string(ev.Data))
		}
		if !t.holding {
			return nil
		}
		out, done := rewrite(ev, t.sent)
		if ev.Unparsed() {
			// The parser stopped before this block (past the size
			// limit): whether it is an endpoint event is not known, so
			// the client gets no more of it, and never its end.
			out = string(ev.Raw)[:min(t.sent, len(ev.Raw))]
		}
		t.release(string(ev.Raw), out)
		if done {
			// What is held goes out with the next read, once the
			// blocks in it are logged, this one too.
			t.holding = false
		}
		return nil
	})
	hear()
	// A block past the size limit stopped the reader, not the stream: the
	// stream goes on, or it ended in the same read (upstream's last bytes
	// come with the end of its body), which is no break either.
	tooLarge := err != nil && t.werr == nil && (t.rerr == nil || t.rerr == io.EOF)
	if tooLarge {
		l.cut, l.unread = 0, true
	}
	if tooLarge && t.holding {
		// The reader stopped on its own (an event past the size limit) on
		// a stream whose every endpoint event must be rewritten: past this
		// point none can be, so the client gets none of it. What was held
		// (the block too large) never ends for the client, so it is never
		// dispatched either.
		l.failed(mcp.OpStream, &mcp.WireError{Cause: mcp.CauseEventTooLarge, Purpose: l.up.Purpose, Transport: l.c.kind(), Err: err,
			Message: err.Error() + ": the proxy cannot look for endpoint events past it, so it ended the client's stream there (raise --max-event-size)"})
		t.write(nil) // the end of the block before it, which was logged
		t.flush()
		return err
	}
	t.holding = false
	t.flushHeld()
	if tooLarge {
		// The reader stopped on its own (an event past the size limit):
		// the client still gets the rest of the stream, unlogged.
		l.failed(mcp.OpStream, &mcp.WireError{Cause: mcp.CauseEventTooLarge, Purpose: l.up.Purpose, Transport: l.c.kind(), Err: err,
			Message: err.Error() + ": the rest of the stream was relayed but not logged (--max-event-size)"})
		buf := make([]byte, 32<<10)
		for t.werr == nil && t.rerr == nil {
			_, _ = t.Read(buf)
		}
		t.flushHeld()
		err = t.rerr
		if err == io.EOF {
			err = nil
		}
		if err == nil && !t.endsBlock() {
			// The stream ended inside a block, the one too large or one
			// after it: the client's EventSource dropped it, so an
			// answer in it never came, and the answer was not relayed
			// unread after all.
			l.unread = false
		}
	}
	if t.werr != nil {
		return &clientGone{t.werr}
	}
	return err
}

// holdLimit is the largest block held back until it is parsed: a block
// growing past it streams as it comes. An endpoint event is one URI, a few
// hundred bytes; one larger than this is refused (endpointTooLarge).
const holdLimit = 64 << 10

// json relays a JSON answer as it comes and logs its messages from a copy
// of up to MaxEventSize bytes, made once and handed to the log without
// another; a larger one is logged as an excerpt with an error saying why.
// ok is false for a status that is not success: its body is then the
// request's answer only if it answers it by id.
func (l *leg) json(resp *http.Response, ok bool) error {
	limit := int64(l.p.cfg.MaxEventSize)
	keep := &capped{limit: limit}
	// Each part is flushed as it comes, as an event is: a body sent in
	// parts reached the client only as it ended.
	n, err := copyTo(flusher{l.w}, io.TeeReader(resp.Body, keep), &l.rest)
	body := keep.String()
	// An answer that broke off was not relayed whole, read or not: it is
	// said to have broken off (faults.go), not to be too large, and an
	// initialize's opening is not taken for having come.
	tooLarge := keep.over && err == nil
	l.up.BodySize, l.unread = n, tooLarge
	switch {
	case keep.over:
		l.up.Body = mcp.Raw(body[:min(len(body), mcp.BodyLimit)])
	case n == 0 && err == nil:
		// Nothing, labelled JSON: the Python SDK's 202 to a
		// notification. No message came, so none is logged.
	case ok || answers(body, l.id):
		l.up.Opened = mcp.StreamJSON
	default:
		l.up.Body = mcp.Raw(body[:min(len(body), mcp.BodyLimit)])
	}
	if err != nil {
		l.up.Err = err.Error()
	}
	l.c.obs.Emit(mcp.Record{Kind: mcp.KindHTTP, HTTP: &l.up})
	l.emitRelay()
	if tooLarge {
		l.failed(mcp.OpStream, &mcp.WireError{Cause: mcp.CauseEventTooLarge, Purpose: l.up.Purpose, Transport: l.c.kind(),
			Message: fmt.Sprintf("a JSON answer of %d bytes, larger than the %d-byte limit: relayed whole, its messages not logged (--max-event-size)", n, limit)})
	} else if l.up.Opened == mcp.StreamJSON {
		// What came is logged as it came, even cut short.
		l.c.obs.ServerText(body, conn, l.reqSeq, l.strays)
		if l.heard != nil {
			l.heard(body)
		}
	}
	switch {
	case !ok && l.up.Opened != mcp.StreamJSON:
		// A refusal in JSON is a probe's verdict when it refused one (the
		// TypeScript SDK's "Server not initialized" to server/discover),
		// as one in text is (other).
		l.failed(opOf(l.up.Purpose), statusError(l, resp, err))
	case err != nil:
	case n == 0:
		l.noAnswer(resp, n)
	case l.request && l.up.Opened == mcp.StreamJSON && l.c.obs.Waiting(l.reqSeq):
		// A JSON answer is whole: a request it does not answer (a body
		// that is no JSON-RPC, or answers another id) gets no answer
		// after it, and would wait for ever.
		// The failure's line names the request: said here again, it
		// named the method twice ("post tools/list id=2: … no answer to
		// tools/list").
		holds := "holds no answer to it"
		if why := mcp.JSONBodyNotRPC([]byte(body), resp); why != "" {
			// Why it is none, as a session's POST says it: a byte order
			// mark, JSON cut short, a charset other than UTF-8.
			holds = "is " + why + ", so it holds no answer"
		}
		l.c.obs.Fail(l.reqSeq, mcp.OpPost, &mcp.WireError{Cause: mcp.CauseNoResponse, Purpose: l.up.Purpose, Transport: l.c.kind(), Status: resp.StatusCode,
			Message: fmt.Sprintf("POST %s answered %s with a JSON body that %s (relayed to the client as it came)%s", l.up.URL, resp.Status, holds, l.strays.Words())})
	}
	return err
}

// noAnswer fails a request whose POST upstream took with a success that
// carries nothing (204, 205, or a 200 with an empty body), or a body of n
// bytes that is neither JSON nor an event stream (other), as a session's
// own request fails: no answer can come for it, and the record would show
// it waiting for ever (a 200 text/html to initialize had no line at all).
// A 202 leaves room for an answer on the GET stream, unless upstream
// offers none (a 405 to the client's GET) or the session is a stateless
// 2026 one, whose GET stream carries no answers; with no GET stream of
// the client open, that is said (awaitGet). A legacy session's answers
// all come on its stream.
func (l *leg) noAnswer(resp *http.Response, n int64) {
	if !l.request || resp.StatusCode < 200 || resp.StatusCode > 299 ||
		resp.Request.Method != http.MethodPost || l.c.kind() == mcp.TransportSSE {
		return
	}
	if resp.StatusCode == http.StatusAccepted {
		why := l.c.getRefused()
		if n == 0 && (why != "" || l.c.kind() == mcp.TransportStateless) {
			l.failed(mcp.OpPost, &mcp.WireError{Cause: mcp.CauseNoResponse, Purpose: l.up.Purpose, Transport: l.c.kind(), Status: resp.StatusCode,
				Message: mcp.NoStreamForAnswer(l.up.URL, resp, "", why) + " (relayed to the client as it came)"})
		} else if n == 0 && l.c.kind() == mcp.TransportStreamable {
			l.awaitGet(resp)
		}
		return
	}
	if n != 0 {
		ct := mcp.HeaderQuote(resp.Header.Get("Content-Type"))
		l.failed(mcp.OpPost, &mcp.WireError{Cause: mcp.CauseBadContentType, Purpose: l.up.Purpose, Transport: l.c.kind(), Status: resp.StatusCode,
			Header:  map[string]string{"Content-Type": ct},
			Message: fmt.Sprintf("POST %s answered %s with Content-Type %q, neither JSON nor an event stream: it holds no answer (relayed to the client as it came)", l.up.URL, resp.Status, ct)})
		return
	}
	l.failed(mcp.OpPost, &mcp.WireError{Cause: mcp.CauseNoResponse, Purpose: l.up.Purpose, Transport: l.c.kind(), Status: resp.StatusCode,
		Message: mcp.NoAnswerToRequest(l.up.URL, resp, "") + " (relayed to the client as it came)"})
}

// encodedBody reports an answer whose body is in a Content-Encoding (gzip,
// br): the proxy asks upstream for none, so the body is not the messages
// it looks like.
func encodedBody(resp *http.Response) bool {
	ce := resp.Header.Get("Content-Encoding")
	return ce != "" && !strings.EqualFold(ce, "identity") && resp.Body != http.NoBody && resp.ContentLength != 0
}

// encoded relays an answer in an encoding the proxy did not ask for as it
// comes (the client may have asked for it, and decodes it) and logs an
// excerpt with an error saying its messages were not read: decoding it
// would let a few kilobytes of gzip make the proxy hold gigabytes, and
// read as it is, it is garbage blamed on the server's JSON.
func (l *leg) encoded(resp *http.Response) error {
	n, err := l.relayAsItComes(resp)
	ce := resp.Header.Get("Content-Encoding")
	l.failed(opOf(l.up.Purpose), &mcp.WireError{Cause: mcp.CauseBadHTTP, Purpose: l.up.Purpose, Transport: l.c.kind(), Status: resp.StatusCode,
		Header:  map[string]string{"Content-Encoding": mcp.HeaderQuote(ce)},
		Message: fmt.Sprintf("%s answered with Content-Encoding %q, which the proxy did not ask for: relayed to the client as it came (%d bytes), its messages not logged", exchangeOf(l.r, l.up.URL, l.up.Purpose), mcp.HeaderQuote(ce), n)})
	return err
}

// other relays any other answer as it comes and logs its first
// BodyLimit bytes.
func (l *leg) other(resp *http.Response) error {
	n, err := l.relayAsItComes(resp)
	if resp.StatusCode >= 400 && !l.refusalIsNeutral(resp.StatusCode) {
		l.failed(opOf(l.up.Purpose), statusError(l, resp, err))
	} else if err == nil {
		l.noAnswer(resp, n)
	}
	return err
}

// relayAsItComes relays resp's body to the client as it comes, its
// messages unread, and logs the answer with its first BodyLimit bytes and
// how many came. It returns that count and what ended the copy early.
func (l *leg) relayAsItComes(resp *http.Response) (int64, error) {
	keep := &capped{limit: mcp.BodyLimit}
	n, err := copyTo(flusher{l.w}, io.TeeReader(resp.Body, keep), &l.rest)
	l.up.Body, l.up.BodySize = mcp.Raw(keep.String()), n
	if err != nil {
		l.up.Err = err.Error()
	}
	l.c.obs.Emit(mcp.Record{Kind: mcp.KindHTTP, HTTP: &l.up})
	l.emitRelay()
	return n, err
}

// refusalIsNeutral reports whether upstream's refusal is one the
// specification allows a server, a fact about it rather than a failure:
// no GET stream (noGetStream), or no ending sessions with DELETE.
func (l *leg) refusalIsNeutral(status int) bool {
	if _, none := noGetStream(l.up.Purpose, l.c, l.r, status); none {
		return true
	}
	_, refused := mcp.NoDelete(status, "")
	return l.up.Purpose == mcp.PurposeDelete && refused
}

// noGetStream says, in its words, when upstream's answer to the client's
// GET for its stream of server messages is a server saying it offers none
// there: a fact about the server, not a failure (mcp.NoGetStream, the
// rule the client's own GET stream follows).
func noGetStream(purpose string, c *Client, r *http.Request, status int) (string, bool) {
	if purpose != mcp.PurposeGet {
		return "", false
	}
	return mcp.NoGetStream(status, r.Header.Get("Mcp-Session-Id") != "", c.initialized())
}

// opOf is the op a failed exchange of this purpose is logged under.
func opOf(purpose string) string {
	switch purpose {
	case mcp.PurposePost:
		return mcp.OpPost
	case mcp.PurposeProbe:
		return mcp.OpProbe
	}
	return mcp.OpConnect
}

// statusError says what a failed answer was, in the wire's words. An
// answer saying upstream no longer knows the session the request named is
// that, as a session of mcpscope's own says it: the path is right. broke
// is why the body's relay broke off (nil when it came whole): the quote of
// what came then ends with the cut mark, so the start of a token upstream
// echoed before the break is redacted as at every cut.
func statusError(l *leg, resp *http.Response, broke error) error {
	e := mcp.StatusError(l.up.Purpose, l.c.kind(), l.r.Method, l.up.URL, resp, mcp.QuotedBody(l.up.Body, broke))
	if l.r.Header.Get("Mcp-Session-Id") != "" && mcp.SessionGone(resp.StatusCode, mcp.MediaType(resp.Header), l.up.Body) {
		e.Cause = mcp.CauseSessionExpired
	}
	return e
}

// answers reports whether a JSON body is the answer to the request whose
// id is id: an error status can carry a request's JSON-RPC error.
func answers(body string, id []byte) bool {
	answer, _ := answerTo(body, id)
	return answer
}

// answerTo reports whether a message is the answer to the request whose
// id is id (as the client's message's peek read it), and whether that
// answer is a result, not a JSON-RPC error. It reads the message as the
// Observer does, with the one JSON reader and members by their exact
// names: {"ID":1,"Result":{}} is no answer in the recording, so it is none
// here either; and it matches the id as the Observer pairs it (SameID):
// a Python client's "\u00e9-1" answered "é-1" by a Go server read as no
// answer, and its session as never opened.
func answerTo(msg string, id []byte) (answer, result bool) {
	a, ok := mcp.Members([]byte(msg), "id", "result", "error")
	if !ok || len(a[0]) == 0 || !mcp.SameID(string(a[0]), string(id)) {
		return false, false
	}
	return a[1] != nil || a[2] != nil, a[1] != nil && a[2] == nil
}

// initAnswer reads msg as the answer to an initialize whose id is id:
// result when it is its result, else its JSON-RPC error when it is that
// (nil when msg is neither).
func initAnswer(msg string, id []byte) (result bool, refused *mcp.RPCError) {
	answered, result := answerTo(msg, id)
	if result || !answered {
		return result, nil
	}
	if errv, ok := mcp.Members([]byte(msg), "error"); ok {
		return false, mcp.RPCErrorOf(errv[0])
	}
	return false, nil
}

// copyTo copies src to the client's response in 32 KiB pieces, as they
// come. It reports the bytes read, and a failure on either side. With
// held, the last byte read so far is kept back until more comes, and the
// body's last byte stays in *held when src ends: a client has the answer
// only once the leg has logged what it made of it (see finish).
func copyTo(w io.Writer, src io.Reader, held *[]byte) (int64, error) {
	buf := make([]byte, 32<<10)
	var n int64
	kept := 0 // buf[0] is the byte held back from the last read
	defer func() {
		if held != nil {
			*held = append((*held)[:0], buf[:kept]...)
		}
	}()
	for {
		k, rerr := src.Read(buf[kept:])
		if k > 0 {
			n += int64(k)
			out := buf[:kept+k]
			if held != nil {
				out = out[:len(out)-1]
			}
			if _, err := w.Write(out); err != nil {
				kept = 0
				return n, &clientGone{err}
			}
			if held != nil {
				buf[0], kept = buf[kept+k-1], 1
			}
		}
		if rerr == io.EOF {
			return n, nil
		}
		if rerr != nil {
			return n, rerr
		}
	}
}
