package mcp

import "net/http"

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
func Resendable(req *http.Request) {
	if req.Method != http.MethodPost || req.GetBody == nil {
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
