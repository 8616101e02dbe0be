package mcptest

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"testing"
	"time"
)

// Options script a Server. Every zero value means "behave like the official Go
// SDK's SSEHandler", so Options{} is a well-behaved legacy HTTP+SSE server.
type Options struct {
	// Capabilities are what initialize's answer declares; nil: tools
	// alone. A test whose Handle answers a method of another capability
	// declares it, or mcpscope notes the answer as one the server did not
	// declare.
	Capabilities map[string]any

	// SSEPath is where GET opens the event stream; default "/sse". The
	// canonical POST target (the Docker gateway's contract) is
	// SSEPath+"?sessionid=ID".
	SSEPath string

	// SessionID makes a new session id; default crypto/rand.Text (26 base32
	// characters, like the Go SDK). See SessionUUID and SessionHex.
	SessionID func() string

	// Endpoint returns the data of the endpoint event for a session; base is
	// Server.URL. Default: SSEPath+"?sessionid="+id, which is what the Go SDK
	// sends. See EndpointQuery, EndpointMessage, EndpointPython,
	// EndpointAbsolute and EndpointUnreachable.
	Endpoint EndpointFunc

	// EndpointRaw returns the exact bytes of the endpoint event for data;
	// default "event: endpoint\ndata: "+data+"\n\n". See CRLFNoSpace.
	EndpointRaw func(data string) string

	// EndpointGate, when set, holds the endpoint event back until the gate
	// is closed or receives a value, so a test controls when (or whether)
	// the endpoint arrives without sleeping.
	EndpointGate <-chan struct{}

	// NoEndpoint opens the stream and never sends an endpoint event.
	NoEndpoint bool

	// GETStatus, when non-zero, answers GET SSEPath with this status,
	// GETHeaders and GETBody instead of opening a stream (a 404, a 401 with
	// WWW-Authenticate, or a 200 text/html page).
	GETStatus  int
	GETHeaders http.Header
	GETBody    string

	// GETStatusAfter lets the first this many GETs open streams before
	// GETStatus answers the rest: a server that goes down after its
	// first sessions (with CloseAfterEndpoint, one whose reopenings are
	// refused).
	GETStatusAfter int

	// RequireBearer, when set, answers GET and POST requests that lack
	// "Authorization: Bearer <RequireBearer>" with 401 and
	// WWW-Authenticate: Bearer realm="mcp", like a gateway with a token.
	RequireBearer string

	// RedirectPosts answers a POST to any path but SSEPath with 307 to
	// SSEPath, as the Docker MCP Gateway's --transport sse does: a client
	// that POSTs to /mcp lands, body and all, on /sse with no session.
	RedirectPosts bool

	// AnyContentType accepts POSTs whatever their Content-Type. By default a
	// POST without Content-Type application/json gets 415, as from the SDK.
	AnyContentType bool

	// UnknownSession chooses the answer to a POST naming a session that does
	// not exist (or no session at all): 404 by default.
	UnknownSession UnknownSessionMode

	// RejectPreferred, when non-zero, answers every POST that does not target
	// the canonical SSEPath+"?sessionid=ID" with this status, so only a
	// client that falls back to the canonical URL gets through.
	RejectPreferred int

	// GatewayRoutes adds the Docker gateway's extra routes: GET / answers 307
	// to SSEPath and GET /health answers 200.
	GatewayRoutes bool

	// Handle decides what happens to each POSTed message; default
	// (*Call).Default, a well-behaved MCP server. The quirk handlers in this
	// package (Broadcast, HangingPost, ...) are ready-made values.
	Handle func(c *Call)

	// Tools is the initial tool list; nil means DefaultTools().
	Tools []Tool

	// ToolPages splits tools/list into this many pages chained by
	// nextCursor; 0 or 1 means one page.
	ToolPages int

	// PingEvery makes the server send its own ping request on every open
	// stream at this interval (ids 1, 2, ... in the server's id space).
	PingEvery time.Duration

	// CloseIfPingUnanswered closes a stream when a server ping has not been
	// answered by a POSTed response within this time (a real server was seen
	// doing it after about 1.5 s).
	CloseIfPingUnanswered time.Duration

	// KeepAlive is the exact bytes Conn.KeepAlive writes; default ": ping\n\n".
	KeepAlive string

	// KeepAliveEvery writes KeepAlive on every open stream at this interval.
	KeepAliveEvery time.Duration

	// CloseAfterMessages closes a stream right after its n-th "message"
	// event was written, to test a stream that ends mid-session.
	CloseAfterMessages int

	// CloseAfterEndpoint closes every stream right after its endpoint
	// event: a server whose sessions end as soon as they begin.
	CloseAfterEndpoint bool
}

// EndpointFunc returns the data of an endpoint event; base is the server's
// URL (scheme://host:port, no trailing slash).
type EndpointFunc func(base, sessionID string) string

// UnknownSessionMode is how the server answers a POST for a session it does
// not know.
type UnknownSessionMode int

const (
	// UnknownSession404 answers 404 "session not found", like the Go SDK.
	UnknownSession404 UnknownSessionMode = iota
	// UnknownSession400 answers 400, like some bridges.
	UnknownSession400
	// UnknownSessionHang never answers: the POST hangs until the client gives
	// up or the server closes, as one real server does.
	UnknownSessionHang
)

// EndpointQuery sends "?sessionid=ID", a reference relative to the GET URL.
func EndpointQuery(_, id string) string { return "?sessionid=" + id }

// EndpointMessage sends "/message?sessionId=ID", the TypeScript SDK's shape.
func EndpointMessage(_, id string) string { return "/message?sessionId=" + id }

// EndpointPython sends "/messages/?session_id=ID", the Python SDK's shape.
func EndpointPython(_, id string) string { return "/messages/?session_id=" + id }

// EndpointAbsolute sends "http://127.0.0.1:port/message?sessionId=ID", an
// absolute URL on the server itself.
func EndpointAbsolute(base, id string) string { return base + "/message?sessionId=" + id }

// EndpointUnreachable returns an EndpointFunc whose absolute URL points at a
// loopback port with nothing listening, so a POST to the preferred target
// fails to connect and only the canonical fallback reaches the server.
func EndpointUnreachable(t testing.TB) EndpointFunc {
	addr := ClosedAddr(t)
	return func(_, id string) string {
		return "http://" + addr + "/message?sessionId=" + id
	}
}

// CRLFNoSpace frames the endpoint event as some servers do: CRLF line ends
// and no space after "data:".
func CRLFNoSpace(data string) string {
	return "event: endpoint\r\ndata:" + data + "\r\n\r\n"
}

// SessionUUID makes ids like the TypeScript SDK's (a random UUID v4).
func SessionUUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never returns an error.
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// SessionHex makes ids like the Python SDK's (32 hex digits).
func SessionHex() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never returns an error.
	return hex.EncodeToString(b)
}

// withDefaults fills the zero fields that have a default value.
func (o Options) withDefaults() Options {
	if o.SSEPath == "" {
		o.SSEPath = "/sse"
	}
	if o.SessionID == nil {
		o.SessionID = rand.Text
	}
	if o.Endpoint == nil {
		path := o.SSEPath
		o.Endpoint = func(_, id string) string { return path + "?sessionid=" + id }
	}
	if o.EndpointRaw == nil {
		o.EndpointRaw = func(data string) string { return "event: endpoint\ndata: " + data + "\n\n" }
	}
	if o.Handle == nil {
		o.Handle = (*Call).Default
	}
	if o.Tools == nil {
		o.Tools = DefaultTools()
	}
	if o.KeepAlive == "" {
		o.KeepAlive = ": ping\n\n"
	}
	return o
}
