package mcp

import (
	"net/http"
	"net/http/httptrace"
	"sync"
)

// Resendable lets net/http send a POST again, once, on a new connection
// when the kept-alive connection it went on turns out to have been closed
// by the server with nothing answered. A server may close an idle
// connection whenever it likes without saying Connection: close (one that
// closes after every answer, a keep-alive timeout that ends just as the
// next request goes out); net/http resends a GET then, but not a POST,
// so every message mcpscope sends (or the proxy relays, answering 502)
// could fail at random with "closed the connection without answering"
// against a server that did nothing wrong.
//
// net/http resends only when the connection was reused and not one byte
// of an answer came on it, which is what browsers and curl do for a POST
// too. An empty Idempotency-Key entry marks the request resendable
// without sending the header (net/http's documented way); a key the user
// set with -H, or a proxied client sent, is left as it is. Called once
// the request's headers are recorded, as a record shows what was sent.
//
// A DELETE ending a session is resent alike: it is idempotent (RFC 9110),
// but net/http resends only GET, HEAD, OPTIONS and TRACE unasked, so a
// server whose keep-alive ran out as the DELETE went out kept the session
// open, the DELETE recorded as failed with EOF.
func Resendable(req *http.Request) {
	switch {
	case req.Method == http.MethodPost && req.GetBody != nil:
	case req.Method == http.MethodDelete && (req.Body == nil || req.Body == http.NoBody || req.GetBody != nil):
	default:
		return
	}
	if _, ok := req.Header["Idempotency-Key"]; ok {
		return
	}
	if _, ok := req.Header["X-Idempotency-Key"]; ok {
		return
	}
	req.Header["Idempotency-Key"] = nil
}

// traceResends returns req with a trace that counts the times net/http
// sends it again (see Resendable) after a whole copy had gone out: each
// such copy is a request the server may have read, so the record says the
// wire carried it twice. Read the count once Do returns.
//
// A resend is a new connection taken while the copy before it was written
// whole and not one byte of an answer came: a redirect's next hop comes
// after an answer (the 3xx), and a copy net/http failed to write (the
// kept-alive connection was already closed) never reached the server.
func traceResends(req *http.Request) (*http.Request, func() int) {
	var (
		mu                sync.Mutex
		conns, resent     int
		written, answered bool
	)
	trace := &httptrace.ClientTrace{
		GotConn: func(httptrace.GotConnInfo) {
			mu.Lock()
			defer mu.Unlock()
			if conns > 0 && written && !answered {
				resent++
			}
			conns++
			written, answered = false, false
		},
		WroteRequest: func(info httptrace.WroteRequestInfo) {
			mu.Lock()
			defer mu.Unlock()
			written = written || info.Err == nil
		},
		GotFirstResponseByte: func() {
			mu.Lock()
			defer mu.Unlock()
			answered = true
		},
	}
	req = req.WithContext(httptrace.WithClientTrace(req.Context(), trace))
	return req, func() int {
		mu.Lock()
		defer mu.Unlock()
		return resent
	}
}

// SendTraced sends req with client as Resendable lets it, and reports how
// many times the request went out again whole on a new connection, for
// HTTPExchange.Resent.
func SendTraced(client *http.Client, req *http.Request) (*http.Response, int, error) {
	Resendable(req)
	req, resent := traceResends(req)
	resp, err := client.Do(req)
	return resp, resent(), err
}
