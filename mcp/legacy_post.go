package mcp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
)

// send POSTs one message to the negotiated endpoint. When the preferred URL
// answers 404 or 405, it tries the endpoint's path under the stream's path
// prefix (a reverse proxy's, which the server does not know of), then the
// canonical fallback; when it cannot be dialled at all, the fallback. Each
// is tried once, and becomes the URL in use for good only when it works.
// Any other failure (a timeout, a reset) is not retried: the server may
// have the message already, and a tools/call must not run twice. The
// alternatives are tried by one POST at a time, and a POST waits for that
// decision before it goes: sent meanwhile (notifications/initialized after
// an initialize whose answer came before its POST's 202) it would go to
// the URL about to be left, and get a second 404. Answers and
// notifications go to the URL being tried instead (sendAside).
func (l *legacy) send(ctx context.Context, m *outgoing) error {
	l.mu.Lock()
	ep, c := l.endpoint, l.current
	l.mu.Unlock()
	if ep == nil && c != nil {
		// A server can ask (a ping) before its endpoint event says where
		// to answer: the reply waits for the endpoint as connecting does,
		// within its own timeout, instead of failing at once.
		select {
		case <-c.ready:
		case <-ctx.Done():
		}
		l.mu.Lock()
		if l.current == c {
			ep = l.endpoint
		}
		l.mu.Unlock()
	}
	var conn int
	if c != nil {
		conn = c.n
	}
	if ep == nil {
		l.mu.Lock()
		defer l.mu.Unlock()
		return l.noEndpointLocked()
	}
	var tried map[string]bool
	var refused error
	if m.class != ClassRequest {
		// An answer or a notification waits for no answer of its own: it
		// goes to the URL a decision under way is trying, if any.
		if tried, refused = l.sendAside(ctx, ep, m, conn); tried == nil {
			return refused
		}
	} else if !l.decide(ctx) {
		return ctx.Err()
	} else {
		l.decided() // only waited for the decision under way, if any
	}
	ep = l.asLeft(ep)
	target := ep.InUse
	if tried[target] {
		// Refused there while it was being tried, and chosen since all
		// the same: a second POST would be refused again.
		return refused
	}
	err := l.postOnce(ctx, target, m, conn)
	var we *WireError
	if !errors.As(err, &we) || target != ep.Preferred {
		return err
	}
	type alternative struct{ url, why string }
	var alts []alternative
	switch {
	case we.Status == http.StatusNotFound || we.Status == http.StatusMethodNotAllowed:
		said := fmt.Sprintf("POST to the preferred URL answered %d; ", we.Status)
		alts = []alternative{
			{ep.Prefixed, said + "the same path under the stream URL's prefix works: a reverse proxy serves the server under a path it does not know"},
			{ep.Fallback, said + "the canonical fallback works"},
		}
	case we.Cause == CauseUnreachable && isDialError(we.Err):
		alts = []alternative{{ep.Fallback, "the preferred URL could not be reached (" + unwrapURLError(we.Err).Error() + "); the canonical fallback works"}}
	}
	if len(alts) == 0 {
		return err
	}
	if !l.decide(ctx) {
		return err
	}
	if now := l.asLeft(ep); now.InUse != ep.Preferred {
		// Another POST refused at the preferred URL decided meanwhile.
		l.decided()
		return l.postOnce(ctx, now.InUse, m, conn)
	}
	defer l.decided()
	defer l.setTrying(nil, "", "")
	tried = map[string]bool{ep.Preferred: true}
	for _, alt := range alts {
		if alt.url == "" || tried[alt.url] {
			continue
		}
		tried[alt.url] = true
		l.setTrying(ep, alt.url, alt.why)
		aerr := l.postOnce(ctx, alt.url, m, conn)
		if aerr == nil {
			l.useAlternative(ep, alt.url, alt.why)
			return nil
		}
		if !refusedOrUnreached(aerr) {
			// Taken and then lost (a reset, a timeout): the server there
			// may have the message, so it goes nowhere else.
			return aerr
		}
	}
	// Every one failed: the preferred URL's answer is the one to explain.
	return err
}

// decide takes the turn to decide where POSTs go, waiting for one under
// way; false when ctx ended first. decided gives it back.
func (l *legacy) decide(ctx context.Context) bool {
	select {
	case l.deciding <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (l *legacy) decided() { <-l.deciding }

// sendAside sends a message that waits for no answer while a decision is
// under way: to the URL the decision is trying, without waiting for that
// POST's status. The server may hold the POST being tried until it has
// this very message (an elicitation asked on the stream while the
// tools/call's 202 is held), so waiting behind it would wait until the
// timeout. The URL being tried is the one the decision is about to keep,
// so a notification sent meanwhile is not refused a second time at the
// URL being left. A nil map means the message was dealt with (err says
// how); else no decision is under way any more, the map holds the URLs
// that refused it meanwhile and err the last refusal, for the caller to
// send it as usual.
func (l *legacy) sendAside(ctx context.Context, ep *Endpoint, m *outgoing, conn int) (map[string]bool, error) {
	tried := map[string]bool{}
	var refused error
	for {
		l.mu.Lock()
		target, why, of := "", l.tryingWhy, l.tryingFor
		if of != nil && of.Data == ep.Data && of.Base == ep.Base && !tried[l.trying] {
			target = l.trying
		}
		if l.tryingMoved == nil {
			l.tryingMoved = make(chan struct{})
		}
		moved := l.tryingMoved
		l.mu.Unlock()
		if target == "" {
			select {
			case l.deciding <- struct{}{}:
				l.decided()
				return tried, refused
			case <-moved:
				continue
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		tried[target] = true
		err := l.postOnce(ctx, target, m, conn)
		if err == nil {
			// It works: the decision need not wait for the held POST.
			l.useAlternative(of, target, why)
		}
		if err == nil || !refusedOrUnreached(err) {
			return nil, err
		}
		refused = err
	}
}

// setTrying says which URL of ep's the decision under way tries now ("" when
// none) and why it would be kept, and wakes the messages waiting in
// sendAside.
func (l *legacy) setTrying(ep *Endpoint, url, why string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.tryingFor, l.trying, l.tryingWhy = ep, url, why
	if l.tryingMoved != nil {
		close(l.tryingMoved)
		l.tryingMoved = nil
	}
}

// asLeft is ep as the last decision left it: the endpoint in use when it
// is ep's negotiation (its URL in use may be an alternative now), else ep.
func (l *legacy) asLeft(ep *Endpoint) *Endpoint {
	l.mu.Lock()
	defer l.mu.Unlock()
	if cur := l.endpoint; cur != nil && cur.Data == ep.Data && cur.Base == ep.Base {
		return cur
	}
	return ep
}

// refusedOrUnreached reports a POST that the server refused with an HTTP
// error status or that never reached it: trying another URL cannot make it
// arrive twice.
func refusedOrUnreached(err error) bool {
	var we *WireError
	if !errors.As(err, &we) {
		return false
	}
	return we.Status >= 400 || we.Cause == CauseUnreachable && isDialError(we.Err)
}

// isDialError reports a POST that never reached a server, so retrying it
// elsewhere cannot deliver it twice.
func isDialError(err error) bool {
	// Each error of the chain: a proxy's refusal is a dial's wrapped in
	// the proxyconnect one's.
	for e := err; e != nil; e = errors.Unwrap(e) {
		if op, ok := e.(*net.OpError); ok && op.Op == "dial" {
			return true
		}
	}
	var dns *net.DNSError
	return errors.As(err, &dns)
}

// useAlternative makes another URL than the preferred one the URL in use
// and records the change.
func (l *legacy) useAlternative(old *Endpoint, target, why string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.endpoint != old {
		return // a reconnect, or another request, replaced it meanwhile
	}
	ep := *old
	ep.InUse, ep.Reason = target, why
	l.endpoint = &ep
	l.s.emit(Record{Kind: KindEndpoint, Endpoint: &ep})
}

// postOnce sends one POST, bounded by the request timeout, and records it.
func (l *legacy) postOnce(ctx context.Context, target string, m *outgoing, conn int) error {
	s := l.s
	ctx, cancel := context.WithTimeout(ctx, s.cfg.RequestTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(m.body))
	if err != nil {
		return &WireError{Cause: CauseBadEndpoint, Transport: TransportSSE, Purpose: PurposePost, Message: err.Error(), Err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	l.headers(req)
	ex := &HTTPExchange{Purpose: PurposePost, ReqSeq: m.seq, Conn: conn}
	start := s.cfg.Now()
	resp, err := s.do(req, ex)
	if err != nil {
		s.emitHTTP(ex)
		return withTransport(err, TransportSSE, PurposePost)
	}
	if ok := resp.StatusCode >= 200 && resp.StatusCode < 300; m.p != nil {
		m.p.accepted.Store(ok)
		if !ok {
			m.p.refusedWith(resp, s.cfg.Now)
		}
	}
	body := resp.Body
	var cb *cutBody
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		switch {
		case m.p == nil:
			cb = newCutBody(body, cutUnawaited)
		case MediaType(resp.Header) != "application/json":
			// The answer comes on the stream; a body that is not JSON
			// cannot hold it, but what it says is quoted if the answer
			// never comes.
			cb = newCutBody(body, cutNoAnswer)
		}
		if cb != nil {
			body = cb
		}
	}
	var broke error
	ex.Body, ex.BodySize, broke = readExcerpt(body, int64(s.cfg.MaxEventSize))
	body.Close()
	if cb != nil {
		ex.Err = cb.note()
	}
	ex.Duration = s.cfg.Now().Sub(start) // a 202's body is short: the whole answer
	s.emitHTTP(ex)
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		if m.p != nil && MediaType(resp.Header) == "application/json" && int64(len(ex.Body)) == ex.BodySize && answerID(ex.Body) == m.id {
			// Some servers answer a legacy POST in its body instead of on
			// the stream. The answer is the answer wherever it came; the
			// pair says where (stream "json"), and one sent on the stream
			// as well shows up as an answer to no request of ours.
			s.handleMessage(&inbound{conn: conn, stream: StreamJSON, reqSeq: m.seq}, nil, string(ex.Body), s.cfg.Now())
		} else if m.p != nil {
			m.p.notePostSaid(resp, QuotedBody(ex.Body, broke), broke)
		}
		return nil
	}
	return l.s.statusError(PurposePost, TransportSSE, http.MethodPost, answeredAt(target, resp), resp, QuotedBody(ex.Body, broke), ex.BodySize, broke)
}

// negotiated keeps the version for the MCP-Protocol-Version header of the
// POSTs that follow: from 2025-06-18 a client "MUST include" it "on all
// subsequent requests" when using HTTP (lifecycle, Version Negotiation),
// which this transport is too, as the TypeScript SDK's SSE client sends
// it. Earlier versions define no such header, and a version no header can
// carry is not sent: the versions this transport serves never needed it.
func (l *legacy) negotiated(protocol string) error {
	if _, bad := HeaderValueControl(protocol); bad || protocol < "2025-06-18" || len(protocol) > maxSessionID {
		protocol = ""
	}
	l.mu.Lock()
	l.protocol = protocol
	l.mu.Unlock()
	return nil
}

// headers sets what every request of this transport carries, the POSTs
// and the GET of each reconnect alike: the negotiated version goes on "all
// subsequent requests", and a reconnect's GET is one.
func (l *legacy) headers(req *http.Request) {
	l.mu.Lock()
	v := l.protocol
	l.mu.Unlock()
	if v != "" {
		req.Header.Set("MCP-Protocol-Version", v)
	}
}
