package mcp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
)

// send POSTs one message to the negotiated endpoint. When the preferred URL
// answers 404 or 405, or cannot be dialled at all, it tries the canonical
// fallback once, and switches to it for good only when that works. Any other
// failure (a timeout, a reset) is not retried: the server may have the
// message already, and a tools/call must not run twice.
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
		return errNoEndpoint()
	}
	target := ep.InUse
	err := l.postOnce(ctx, target, m, conn)
	var we *WireError
	if !errors.As(err, &we) || target != ep.Preferred || ep.Fallback == "" || ep.Fallback == ep.Preferred {
		return err
	}
	var why string
	switch {
	case we.Status == http.StatusNotFound || we.Status == http.StatusMethodNotAllowed:
		why = fmt.Sprintf("POST to the preferred URL answered %d; the canonical fallback works", we.Status)
	case we.Cause == CauseUnreachable && isDialError(we.Err):
		why = "the preferred URL could not be reached (" + unwrapURLError(we.Err).Error() + "); the canonical fallback works"
	default:
		return err
	}
	if ferr := l.postOnce(ctx, ep.Fallback, m, conn); ferr != nil {
		// Both failed: the preferred URL's answer is the one to explain.
		return err
	}
	l.useFallback(ep, why)
	return nil
}

// isDialError reports a POST that never reached a server, so retrying it
// elsewhere cannot deliver it twice.
func isDialError(err error) bool {
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return true
	}
	var dns *net.DNSError
	return errors.As(err, &dns)
}

// useFallback makes the fallback the URL in use and records the change.
func (l *legacy) useFallback(old *Endpoint, why string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.endpoint != old {
		return // a reconnect, or another request, replaced it meanwhile
	}
	ep := *old
	ep.InUse, ep.Reason = ep.Fallback, why
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
	ex := &HTTPExchange{Purpose: PurposePost, ReqSeq: m.seq, Conn: conn}
	start := s.cfg.Now()
	resp, err := s.do(req, ex)
	if err != nil {
		s.emitHTTP(ex)
		return withTransport(err, TransportSSE, PurposePost)
	}
	if m.p != nil {
		m.p.accepted.Store(resp.StatusCode >= 200 && resp.StatusCode < 300)
	}
	ex.Body, ex.BodySize = readExcerpt(resp.Body, int64(s.cfg.MaxEventSize))
	resp.Body.Close()
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
			if line := firstLine(string(ex.Body)); line != "" && !strings.EqualFold(line, "accepted") {
				said := statusText(resp)
				if ct := MediaType(resp.Header); ct != "" {
					said += ", " + ct
				}
				said += ": " + line
				m.p.postSaid.Store(&said)
			}
		}
		return nil
	}
	return StatusError(PurposePost, TransportSSE, http.MethodPost, target, resp, string(ex.Body))
}
