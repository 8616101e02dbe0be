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

// PostError is a POST that did not get a 2xx answer. The body is kept as the
// server sent it: plain text, HTML or a JSON-RPC error.
type PostError struct {
	URL    string
	Status int // 0 when no answer came
	Body   string
	Hint   string
	Err    error // the transport error when Status is 0
}

func (e *PostError) Error() string {
	var msg string
	if e.Status == 0 {
		msg = fmt.Sprintf("POST %s failed: %v", e.URL, e.Err)
	} else {
		msg = fmt.Sprintf("POST %s answered %d %s", e.URL, e.Status, http.StatusText(e.Status))
		if line := firstLine(e.Body); line != "" {
			msg += ": " + line
		}
	}
	if e.Hint != "" {
		msg += "\n  hint: " + e.Hint
	}
	return msg
}

func (e *PostError) Unwrap() error { return e.Err }

// post sends one message to the negotiated endpoint. When the preferred URL
// answers 404 or 405, or cannot be dialled at all, it tries the canonical
// fallback once, and switches to it for good only when that works. Any other
// failure (a timeout, a reset) is not retried: the server may have the
// message already, and a tools/call must not run twice.
func (s *Session) post(ctx context.Context, body []byte, reqSeq int64) error {
	s.mu.Lock()
	ep := s.endpoint
	conn := s.conn
	s.mu.Unlock()
	if ep == nil {
		return &PostError{URL: "(no endpoint)", Err: errors.New("not connected: no endpoint has been negotiated"), Hint: "press r to reconnect"}
	}
	target := ep.InUse
	err := s.postOnce(ctx, target, body, reqSeq, conn)
	var pe *PostError
	if !errors.As(err, &pe) || target != ep.Preferred || ep.Fallback == "" || ep.Fallback == ep.Preferred {
		return err
	}
	var why string
	switch {
	case pe.Status == http.StatusNotFound || pe.Status == http.StatusMethodNotAllowed:
		why = fmt.Sprintf("POST to the preferred URL answered %d; the canonical fallback works", pe.Status)
	case pe.Status == 0 && isDialError(pe.Err):
		why = "the preferred URL could not be reached (" + pe.Err.Error() + "); the canonical fallback works"
	default:
		return err
	}
	if ferr := s.postOnce(ctx, ep.Fallback, body, reqSeq, conn); ferr != nil {
		// Both failed: the preferred URL's answer is the one to explain.
		return err
	}
	s.useFallback(ep, why)
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
func (s *Session) useFallback(old *Endpoint, why string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.endpoint != old {
		return // a reconnect, or another request, replaced it meanwhile
	}
	ep := *old
	ep.InUse, ep.Reason = ep.Fallback, why
	s.endpoint = &ep
	s.emit(Record{Kind: KindEndpoint, Endpoint: &ep})
}

// postOnce sends one POST, bounded by the request timeout, and records it.
func (s *Session) postOnce(ctx context.Context, target string, body []byte, reqSeq int64, conn int) error {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.RequestTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return &PostError{URL: target, Err: err}
	}
	s.headers(req)
	req.Header.Set("Content-Type", "application/json")
	ex := &HTTPExchange{Purpose: "post", Method: http.MethodPost, URL: target, RequestHeaders: req.Header.Clone(), ReqSeq: reqSeq, Conn: conn}
	start := s.cfg.Now()
	resp, err := s.client.Do(req)
	if err != nil {
		ex.Duration = s.cfg.Now().Sub(start)
		ex.Err = err.Error()
		s.emit(Record{Kind: KindHTTP, HTTP: ex})
		hint := "is the server still running? a POST that hangs means the server never answered (some servers do that for an unknown session)"
		if ctx.Err() == context.DeadlineExceeded {
			hint = fmt.Sprintf("the server did not answer the POST within %s (--timeout); some servers hang on an unknown session: press r to reconnect", s.cfg.RequestTimeout)
		}
		return &PostError{URL: target, Err: err, Hint: hint}
	}
	ex.Status, ex.Headers = resp.StatusCode, resp.Header.Clone()
	ex.Body, ex.BodySize = readExcerpt(resp.Body)
	resp.Body.Close()
	ex.Duration = s.cfg.Now().Sub(start)
	s.emit(Record{Kind: KindHTTP, HTTP: ex})
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return nil
	}
	return &PostError{URL: target, Status: resp.StatusCode, Body: string(ex.Body), Hint: statusHint(resp.StatusCode, resp.Header, "post")}
}

// statusHint says what to do about a failed status; purpose is "stream" for
// the GET and "post" for messages.
func statusHint(code int, h http.Header, purpose string) string {
	switch code {
	case http.StatusUnauthorized:
		hint := "the server wants a token: pass --bearer TOKEN or set MCPSCOPE_TOKEN (the Docker MCP Gateway wants Authorization: Bearer <token>; MCP_GATEWAY_AUTH_TOKEN is read too)"
		if wa := h.Get("WWW-Authenticate"); wa != "" {
			hint += "; it said WWW-Authenticate: " + wa
		}
		return hint
	case http.StatusForbidden:
		return "the server refused the Host or Origin: connect through localhost or 127.0.0.1, or allow this origin on the gateway"
	case http.StatusNotFound:
		if purpose == "stream" {
			return "nothing is served at this path: gateways serve the stream at /sse (try http://HOST:PORT/sse)"
		}
		return "the server does not know this session (expired, or the server restarted): press r to reconnect and initialize again"
	case http.StatusMethodNotAllowed:
		if purpose == "stream" {
			return "this URL does not take GET: it may be a streamable HTTP endpoint (/mcp) rather than an SSE stream"
		}
		return "this URL does not take POST: the endpoint may have been resolved wrongly (compare the endpoint data and the base)"
	case http.StatusNotAcceptable:
		return "the server refused Accept: text/event-stream: it may speak streamable HTTP (/mcp), not SSE"
	case http.StatusUnsupportedMediaType:
		return "the server wants Content-Type: application/json (a proxy may have dropped it)"
	case http.StatusBadRequest:
		if purpose == "post" {
			return "the server rejected the message (bad JSON-RPC, an unknown method or a missing session): read its body"
		}
	case http.StatusServiceUnavailable, http.StatusBadGateway, http.StatusGatewayTimeout:
		return "the gateway or what is behind it is unavailable: check GET /health and the gateway's logs"
	}
	if strings.HasPrefix(fmt.Sprint(code), "5") {
		return "the server failed: check its logs"
	}
	return ""
}
