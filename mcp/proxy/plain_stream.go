package proxy

import (
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// A stream whose endpoint events the proxy must rewrite (a legacy
// session's, or one that may be) is rewritten whatever its wrapping: a
// client takes an endpoint from a stream it reads as events, and if the
// proxy did not, the client would POST, with its credentials, to wherever
// upstream pointed. Clients read more than the exact label as a stream
// (the TypeScript SDK's EventSource a Content-Type beginning with
// text/event-stream, Python's httpx-sse one containing it), and decode a
// body they asked to have compressed (Accept-Encoding, which the proxy
// relays, so upstream may compress it).

// sseLike reports an answer a client may read as an event stream: its
// Content-Type holds text/event-stream, parameters, a list or a suffix
// around it or not.
func sseLike(h http.Header) bool {
	return strings.Contains(strings.ToLower(h.Get("Content-Type")), "text/event-stream")
}

// plainStream readies resp, an answer sseLike says a client reads as a
// stream, for the rewriter: a body in a Content-Encoding the proxy decodes
// (mcp.Decoder, under its bound on compressed bodies) is decoded, and the
// client gets it so, without its encoding or length; why says why one in
// an encoding it cannot decode is relayed to no one.
func plainStream(resp *http.Response) (why string) {
	if !encodedBody(resp) {
		return ""
	}
	ce := resp.Header.Get("Content-Encoding")
	dec, ok := mcp.Decoder(resp.Body, ce)
	if !ok {
		return fmt.Sprintf("its event stream is in Content-Encoding %q, which the proxy cannot decode, so it cannot rewrite the endpoint events in it to point the client at the proxy", mcp.HeaderQuote(ce))
	}
	resp.Body = struct {
		io.Reader
		io.Closer
	}{dec, resp.Body}
	resp.Header.Del("Content-Encoding")
	resp.Header.Del("Content-Length")
	resp.ContentLength = -1
	return ""
}

// refuseStream answers the client 502 for a stream that cannot be relayed
// rewritten (why, plainStream's), and logs it: upstream's answer, the
// proxy's, and the failure.
func (l *leg) refuseStream(resp *http.Response, why string) {
	l.c.obs.Emit(mcp.Record{Kind: mcp.KindHTTP, HTTP: &l.up})
	l.w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	l.w.Header().Set("X-Content-Type-Options", "nosniff")
	l.writeStatus(http.StatusBadGateway)
	msg := fmt.Sprintf("%s answered %s, but %s", exchangeOf(l.r, l.up.URL, l.up.Purpose), resp.Status, why)
	_, _ = io.WriteString(l.w, "mcpscope proxy: "+msg+"\n")
	l.emitRelay()
	l.failed(opOf(l.up.Purpose), &mcp.WireError{Cause: mcp.CauseBadHTTP, Purpose: l.up.Purpose, Transport: l.c.kind(), Status: resp.StatusCode,
		Header:  map[string]string{"Content-Encoding": mcp.HeaderQuote(resp.Header.Get("Content-Encoding"))},
		Message: msg + " (the client was answered 502)"})
}
