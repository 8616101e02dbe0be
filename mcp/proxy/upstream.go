package proxy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// leg is one request the proxy relays for a client session: what the
// client sent, the upstream leg's record as it fills in, and when things
// happened, for the time the proxy added.
type leg struct {
	p       *Proxy
	c       *Client
	w       http.ResponseWriter
	r       *http.Request
	start   time.Time // the client's message was logged (its sent record's Time); with none, its request reached the proxy
	body    []byte
	text    []byte   // body as the proxy read it: decoded when the client compressed it (see readable)
	request bool     // the body is a request waiting for its answer
	id      []byte   // the request's id as the client wrote it, nil for none
	method  string   // the client's message's method, "" for none
	reqSeq  int64    // the record of the client's message, 0 for none
	to      *url.URL // another origin the user allowed, where this POST goes (nil: the upstream)
	ctx     context.Context
	cancel  context.CancelFunc

	up       mcp.HTTPExchange // the upstream leg
	headerAt time.Time        // the answer's headers left for the client
	status   int              // what the client was answered
	onOpen   func()           // logs what follows an event stream's opening, if anything
	// heard hears each message of upstream's answer as it is logged: a
	// JSON body, or an event's data; nil when nobody listens.
	heard func(msg string)
	// eventID says an event of upstream's answer stream had an id, which
	// a client can resume the stream from (Last-Event-ID).
	eventID bool
	// cut is how many bytes of an event upstream's answer stream ended
	// inside (no blank line ended its last block), 0 for none.
	cut int
	// unread says part of upstream's answer was larger than
	// --max-event-size: relayed, but not read for its messages (heard
	// never heard them).
	unread bool
	// strays are what of upstream's answer a reader passes over that may
	// have held the answer: named when the answer ends without it. Nil
	// for a leg that waits on no answer.
	strays *mcp.StreamStrays
	// rest is the last byte of upstream's answer body, kept back from
	// the client until the leg has logged all it made of the answer
	// (finish releases it): a client goes on the moment it has its
	// answer, and what it sends next is logged after.
	rest []byte
	// reached is set once the upstream request got its connection
	// (httptrace GotConn): a client that leaves after that left an
	// upstream slow to answer, before it one never reached.
	reached atomic.Bool
}

// newLeg starts relaying r for c: the client's message m (if there is a
// body) is logged now, and the upstream request lives as long as both the
// client's request and the proxy. c is nil for a GET whose answer says
// which session it is (openStream), which sets l.c before logging anything.
func (p *Proxy) newLeg(w http.ResponseWriter, r *http.Request, c *Client, body []byte, m message, purpose string) *leg {
	l := &leg{p: p, c: c, w: w, r: r, start: p.arrived(r), body: body, text: body, request: m.request, id: m.peek.ID(), method: m.method}
	if m.request {
		l.strays = mcp.NewStreamStrays(l.id)
	}
	if m.text != nil {
		l.text = m.text
	}
	l.ctx, l.cancel = p.exchange(w, r)
	if c != nil {
		c.cameOn(r)
		// A client faster than the log waits for it here, as a stream
		// does between reads (tee), so the log's backlog stays bounded.
		c.obs.WaitRoom(l.ctx)
		if body != nil {
			// The client's leg is timed from the moment its message is
			// logged, the time its answer's is read against: on two
			// clocks (the request's arrival, then this), an answer read
			// "ok 285µs" with "proxy added 870µs" in it.
			l.start = p.cfg.Now()
			// Its credentials go with its records, for the recording
			// to learn before it writes them.
			m.peek.Hear(r.Header, r.URL.RequestURI())
			logged := func() int64 { return c.obs.ClientMessagePeeked(l.text, m.peek, conn, l.start) }
			if m.method == "notifications/cancelled" {
				l.reqSeq = c.cancelling(logged)
			} else {
				l.reqSeq = logged()
			}
			if m.undecoded != "" {
				c.fail(mcp.OpPost, errors.New(m.undecoded))
			}
			if len(m.trail) > 0 {
				c.fail(mcp.OpPost, errors.New(trailingWords(m.trail, m.peek.Batch())))
			}
		}
	}
	l.up = mcp.HTTPExchange{Purpose: purpose, ReqSeq: l.reqSeq, Conn: conn}
	return l
}

// send relays the request upstream and returns the answer. When upstream
// could not be reached the client got 502 with a text body, everything is
// logged, and ok is false.
func (l *leg) send() (resp *http.Response, ok bool) { return l.sendNoting(nil) }

// sendNoting is send, calling note (when not nil) with the answer, nil
// when there was none, before the client is answered anything (the 502
// of a failure): what the caller notes of the outcome is noted before the
// client can act on it.
func (l *leg) sendNoting(note func(resp *http.Response)) (resp *http.Response, ok bool) {
	resp, err := l.roundTrip()
	if note != nil {
		note(resp)
	}
	if err != nil {
		l.unreachable(err)
		return nil, false
	}
	if l.c != nil {
		l.c.accepted(resp.StatusCode)
	}
	return resp, true
}

// roundTrip relays the request upstream and returns the answer, logging
// nothing: send logs a failure, as openStream does once it knows the
// session.
func (l *leg) roundTrip() (*http.Response, error) {
	ctx := httptrace.WithClientTrace(l.ctx, &httptrace.ClientTrace{GotConn: func(httptrace.GotConnInfo) { l.reached.Store(true) }})
	out, err := l.p.outbound(ctx, l.r, l.body, l.to)
	if err != nil {
		return nil, err
	}
	l.up.Method, l.up.URL = out.Method, out.URL.String()
	l.up.KeepRequestHeaders(mcp.SentHeaders(out))
	keepUserAgent(out)
	sent := l.p.cfg.Now()
	resp, resent, err := mcp.SendTraced(l.p.client, out)
	l.up.Duration, l.up.Resent = l.p.cfg.Now().Sub(sent), resent
	if err != nil {
		return nil, err
	}
	l.up.Status, l.up.StatusLine = resp.StatusCode, resp.Status
	l.up.KeepHeaders(resp.Header)
	if l.c != nil {
		l.c.answered.Store(true)
	}
	return resp, nil
}

// exchange is the context of relaying r: it ends with the client's
// request, or when the proxy stops, which also ends a write blocked on a
// client that does not read, so stopping never waits on a client. The
// caller defers cancel.
func (p *Proxy) exchange(w http.ResponseWriter, r *http.Request) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(r.Context())
	stop := context.AfterFunc(p.life, func() {
		cancel()
		_ = http.NewResponseController(w).SetWriteDeadline(time.Now())
	})
	return ctx, func() {
		stop()
		cancel()
	}
}

// unreachable logs a request that got no answer from upstream and answers
// the client 502, unless the client is the one who left.
func (l *leg) unreachable(err error) {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	l.up.Err = err.Error()
	l.c.obs.Emit(mcp.Record{Kind: mcp.KindHTTP, HTTP: &l.up})
	switch {
	case l.p.life.Err() != nil:
		// The proxy stopped while upstream was still to answer.
		l.failed(mcp.OpStream, errors.New("the proxy stopped before upstream answered"))
		http.Error(l.w, stoppingAnswer, http.StatusServiceUnavailable)
		return
	case l.r.Context().Err() != nil:
		if l.closedToCancel() {
			return
		}
		if l.reached.Load() {
			// Upstream took the connection: the client left one slow to
			// answer. A client whose every retry times out on a connect
			// that hangs (upstream's accept backlog full) left none: its
			// sessions are folded with those upstream never answered.
			l.c.leftFirst.Store(true)
		}
		l.failed(mcp.OpCancelled, fmt.Errorf("the client left before %s answered", l.destination().Host))
		return
	}
	why := mcp.FailureWords(err)
	msg := fmt.Sprintf("mcpscope proxy: cannot reach the upstream %s: %s", l.up.URL, why)
	cause := mcp.FailureCause(err)
	var sw *switched
	switch {
	case l.up.URL == "":
		msg = fmt.Sprintf("mcpscope proxy: cannot relay to the upstream: %v", err)
	case errors.As(err, &sw):
		// Upstream was reached: what it answered cannot be relayed.
		msg, cause = fmt.Sprintf("mcpscope proxy: %s %s: %v", l.r.Method, l.up.URL, err), mcp.CauseBadHTTP
	case cause == mcp.CauseBadHTTP:
		// Upstream was reached too, and answered: "cannot reach" would
		// send the user to check a server that is running.
		msg = fmt.Sprintf("mcpscope proxy: %s %s answered what is not HTTP a client can read: %s", l.r.Method, l.up.URL, why)
	case cause == mcp.CauseDropped:
		// Upstream took the connection, then closed or reset it before
		// answering: it is there, and "cannot reach" would send the
		// user to check that it is.
		msg = fmt.Sprintf("mcpscope proxy: %s %s failed: %s", l.r.Method, l.up.URL, why)
	}
	l.w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	l.w.Header().Set("X-Content-Type-Options", "nosniff")
	l.writeStatus(http.StatusBadGateway)
	_, _ = io.WriteString(l.w, msg+"\n")
	l.emitRelay()
	op := opOf(l.up.Purpose)
	we := &mcp.WireError{Cause: cause, Purpose: l.up.Purpose, Transport: l.c.kind(), Err: err,
		Message: fmt.Sprintf("%s failed: %s (the client was answered 502)", exchangeOf(l.r, l.up.URL, l.up.Purpose), why)}
	we.Answered = l.c.answered.Load()
	if u, perr := url.Parse(l.up.URL); perr == nil && l.up.URL != "" {
		we.Addr = mcp.FailedAt(err, u)
	}
	l.failed(op, we)
}

// destination is where the leg's request went: the upstream, or the
// other origin the user allowed that upstream's endpoint named.
func (l *leg) destination() *url.URL {
	if l.to != nil {
		return l.to
	}
	return l.p.upstream
}

// failed logs a failure: it ends the client's request when it waits, and
// stands on its own otherwise.
func (l *leg) failed(op string, err error) {
	if l.request {
		l.c.obs.Fail(l.reqSeq, op, err)
		return
	}
	// A request with id null is none the proxy waits on (isRequest), but
	// the Observer logs it as a request and waits for its answer: the
	// failure ends it there, or its session ends saying it was never
	// answered though upstream refused it at once.
	if l.c.obs.Fail(l.reqSeq, op, err) {
		return
	}
	l.failBatch(op, err, true)
}

// failBatch logs the failure of a leg that waits on no one request: a
// batch's requests end with it (none will be answered), each with a record
// of its own as the pairing needs, and then the POST's own failure names
// the batch, so a watcher says it once for all of them. A failure that
// ended no request is logged only when onItsOwn (a GET stream its client
// closed is no failure).
func (l *leg) failBatch(op string, err error, onItsOwn bool) {
	var batch int64
	if l.c.obs.FailBatch(l.reqSeq, op, err) > 0 {
		batch = l.reqSeq
	} else if !onItsOwn {
		return
	}
	info := l.c.errorInfo(op, err)
	info.Batch = batch
	l.c.obs.Emit(mcp.Record{Kind: mcp.KindError, Error: info})
}

// writeStatus sends the answer's headers to the client now, unless they
// are the whole answer (no body follows): those go once the leg has
// logged what it made of the answer (finish), as the last byte of a body
// does (rest).
func (l *leg) writeStatus(status int) {
	l.setStatus(status)
	l.sendStatus()
}

// setStatus notes the answer's status, and the headers as leaving now:
// an answer whose headers are logged before they go out (an event
// stream's opening) is timed as the client sees it.
func (l *leg) setStatus(status int) {
	l.status, l.headerAt = status, l.p.cfg.Now()
}

// sendStatus sends the headers set (setStatus) as writeStatus does.
func (l *leg) sendStatus() {
	l.w.WriteHeader(l.status)
	if !headerIsAll(l.status, l.w.Header()) {
		_ = http.NewResponseController(l.w).Flush()
	}
}

// headerIsAll reports whether an answer's headers say no body follows
// them: a client that reads them has the whole answer.
func headerIsAll(status int, h http.Header) bool {
	return status == http.StatusNoContent || status == http.StatusNotModified || h.Get("Content-Length") == "0"
}

// release gives the client the end of its answer, held back until the
// leg logged all it made of it.
func (l *leg) release() {
	if len(l.rest) > 0 {
		_, _ = l.w.Write(l.rest)
		l.rest = nil
	}
	_ = http.NewResponseController(l.w).Flush()
}

// emitRelay logs the client's leg, after the upstream leg it relayed.
func (l *leg) emitRelay() {
	ex := &mcp.HTTPExchange{
		Purpose: mcp.PurposeRelay, Method: l.r.Method, URL: clientURL(l.r),
		Status: l.status, StatusLine: fmt.Sprintf("%d %s", l.status, http.StatusText(l.status)), Duration: l.headerAt.Sub(l.start), ReqSeq: l.reqSeq, Conn: conn,
	}
	// The headers relayed are the upstream's, cut as its leg's are, and
	// the client's are bounded as the upstream leg's copy of them is.
	ex.KeepRequestHeaders(l.r.Header)
	ex.KeepHeaders(l.w.Header())
	l.c.obs.Emit(mcp.Record{Kind: mcp.KindHTTP, HTTP: ex})
}

// hopHeaders belong to one connection, not to the message: they are not
// relayed either way (RFC 9110, 7.6.1).
var hopHeaders = []string{"Connection", "Proxy-Connection", "Keep-Alive", "Proxy-Authenticate", "Proxy-Authorization",
	"Te", "Trailer", "Transfer-Encoding", "Upgrade"}

// dropHop removes the hop-by-hop headers, and those the Connection header
// names, but for MCP's own (Mcp-Session-Id, Mcp-Protocol-Version, ...):
// the proxy files a request under the session its Mcp-Session-Id names,
// and a client that works straight to the server must work through the
// proxy, so those go on whatever Connection says.
func dropHop(h http.Header) {
	for _, v := range h.Values("Connection") {
		for _, name := range strings.Split(v, ",") {
			if name = strings.TrimSpace(name); name != "" && !mcpHeader(name) {
				h.Del(name)
			}
		}
	}
	for _, name := range hopHeaders {
		h.Del(name)
	}
}

// mcpHeader says whether name is one of the headers MCP defines, which
// are end to end by the protocol.
func mcpHeader(name string) bool {
	return strings.HasPrefix(http.CanonicalHeaderKey(name), "Mcp-")
}

// outbound is the client's request as it goes upstream: the same method,
// path, query, headers and body, to the upstream's origin, or to the
// origin of to, another the user allowed, without the user's credentials.
func (p *Proxy) outbound(ctx context.Context, r *http.Request, body []byte, to *url.URL) (*http.Request, error) {
	var rd io.Reader = http.NoBody
	if body != nil {
		rd = bytes.NewReader(body)
	}
	dest := p.upstreamFor(r)
	if to != nil {
		dest.Scheme, dest.Host = to.Scheme, to.Host
	}
	out, err := http.NewRequestWithContext(ctx, r.Method, dest.String(), rd)
	if err != nil {
		return nil, err
	}
	out.Header = r.Header.Clone()
	dropHop(out.Header)
	// The proxy reads what it relays, so the answer must come as it is.
	out.Header.Del("Accept-Encoding")
	// The proxy has the whole body already (the client was told 100
	// Continue when it was read): asked again, an upstream that sends no
	// 100 would hold every such request up for the transport's wait.
	out.Header.Del("Expect")
	if o := out.Header.Get("Origin"); o != "" && namesProxy(o, r.Host) {
		out.Header.Set("Origin", p.upstream.Scheme+"://"+p.upstream.Host)
	}
	if to == nil {
		p.credentials(out)
	}
	return out, nil
}

// keepUserAgent sends out with the client's User-Agent, or with none when
// the client sent none: Go's transport would add its own, and upstream
// would see a client that is not there. Called after out's headers are
// recorded, so a recording shows only what the client sent.
func keepUserAgent(out *http.Request) {
	if _, ok := out.Header["User-Agent"]; !ok {
		out.Header["User-Agent"] = []string{""}
	}
}

// namesProxy reports whether an Origin is the proxy itself, as the client
// reached it.
func namesProxy(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && strings.EqualFold(u.Host, host)
}

// removedNote says which headers the user's -H removes (a name with no
// value), for the record of how a session began: upstream's leg shows them
// absent, the client's leg as the client sent them. "" when none.
func removedNote(h http.Header) string {
	var names []string
	for name, vs := range h {
		// An empty Host leaves the upstream's own, as it does for exec:
		// a request always names one.
		if name := http.CanonicalHeaderKey(name); len(vs) == 0 && name != "Host" {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	slices.Sort(names)
	return "; -H sends no " + strings.Join(names, ", ") + " upstream (the client's own is removed)"
}

// credentials fills in the user's headers and token where the client sent
// none of that name. They only ever go upstream: the proxy never follows a
// redirect. A name with no value (-H 'X-A:', curl's way to remove a
// header, as exec takes it) removes the client's own instead.
func (p *Proxy) credentials(req *http.Request) {
	h := req.Header
	for name, vs := range p.cfg.Header {
		if len(vs) == 0 {
			h.Del(name)
			if http.CanonicalHeaderKey(name) == "User-Agent" {
				// Sent as none at all (net/http would add its own), and
				// recorded as the client side records a removed one.
				h["User-Agent"] = []string{""}
			}
			continue
		}
		if len(h.Values(name)) == 0 {
			h[http.CanonicalHeaderKey(name)] = append([]string(nil), vs...)
		}
	}
	// The client's own Host named the proxy, never kept, so the user's
	// always applies.
	mcp.SetHost(req, p.cfg.Header)
	if h.Get("Authorization") != "" {
		return
	}
	switch {
	case p.cfg.Bearer != "":
		h.Set("Authorization", "Bearer "+p.cfg.Bearer)
	case p.upstream.User != nil:
		mcp.SetBasicAuth(h, p.upstream.User)
	}
}
