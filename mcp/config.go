package mcp

import (
	"encoding/json"
	"net/http"
	"time"
)

// Config configures a Session. Zero fields mean the documented defaults.
type Config struct {
	URL             string        // what the user typed: a base such as http://localhost:8811, or a full URL
	Transport       string        // TransportAuto (default), TransportSSE or TransportStreamable
	Header          http.Header   // extra headers sent on every request to the user's origin
	Bearer          string        // sent as Authorization: Bearer <token> to the user's origin
	AllowOrigins    []string      // other origins the server may point at (they get no credentials)
	HTTPClient      *http.Client  // default: a client without an overall timeout (streams stay open)
	EndpointTimeout time.Duration // how long to wait for the legacy endpoint event; default 10s
	RequestTimeout  time.Duration // how long a request may wait for its answer; default 60s
	MaxEventSize    int           // the largest SSE event or JSON answer accepted; default 64 MiB
	ClientName      string        // clientInfo.name, and User-Agent's product; default "mcpscope"
	ClientVersion   string        // clientInfo.version, and User-Agent's version; default "dev"
	// NoGetStream skips the streamable GET stream for server messages.
	NoGetStream bool
	// KeepSession leaves a streamable session open on Close instead of
	// ending it with DELETE.
	KeepSession bool
	// InitParams are the params of the initialize a streamable connection
	// opens with; nil means mcpscope's own.
	InitParams []byte
	// Protocol pins the protocol version mcpscope asks for, in any era; ""
	// means the newest it speaks there.
	Protocol string
	// NoListen skips the 2026 subscriptions/listen stream.
	NoListen bool
	// LogLevel asks for log messages at this level and above: in the 2026
	// era it travels in every request's _meta.
	LogLevel string
	// Answerer answers what a server asks of the user (elicitation,
	// sampling); nil declares neither capability.
	Answerer Answerer
	// ClientCapabilities, a JSON object, are the capabilities declared
	// (initialize's, a 2026 request's _meta) in place of mcpscope's own
	// (roots, and sampling and elicitation with an Answerer): a re-run
	// declares what the recorded client declared, as a server may offer
	// tools by them.
	ClientCapabilities json.RawMessage
	// Roots are offered to a server that asks (roots/list).
	Roots []Root
	// NoProgress leaves the progressToken out of requests; by default each
	// asks for progress under its own id.
	NoProgress bool
	// FirstID is the id of the first request; 0 picks a random start, so
	// sessions sharing a broadcasting bridge do not claim each other's
	// answers.
	FirstID int64
	// Reconnect makes a legacy stream that ends on its own come back, as
	// browsers' EventSource does. Off, an ended stream ends the session.
	Reconnect bool
	// ReconnectDelay is the wait before the first of those reconnects
	// when the server's stream named none in a retry field, doubled before
	// each next one; zero means 500ms. Tests shorten it.
	ReconnectDelay time.Duration
	// MaxRetry is the longest wait a server's retry field gets before a
	// stream is resumed or reopened; zero means 30s. Tests shorten it.
	MaxRetry time.Duration
	Now      func() time.Time // default time.Now; tests fix it
}

// The transports, as Config.Transport and records name them.
const (
	TransportAuto       = "auto"
	TransportSSE        = "sse"
	TransportStreamable = "streamable"
	TransportStateless  = "stateless"
)

// Defaults applied to zero Config fields.
const (
	DefaultEndpointTimeout = 10 * time.Second
	DefaultRequestTimeout  = 60 * time.Second
	DefaultMaxEventSize    = 64 << 20
)
