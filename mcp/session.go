// Package mcp is mcpscope's view of the wire: an MCP session over the legacy
// HTTP+SSE transport, recorded as one ordered log of Records.
//
// The flow of a session, as the records show it:
//
//  1. GET {base}/sse with Accept: text/event-stream (an HTTP record, purpose
//     "stream"; the status and headers as they came).
//  2. The first event, `endpoint`, carries the URI to POST to; it is resolved
//     against the GET's URL (an endpoint record keeps the raw data, the
//     preferred URL and the canonical fallback {base}/sse?sessionid=<id>).
//  3. Each request is POSTed as JSON (a sent record, then an HTTP record with
//     purpose "post"); success is 202 and the body does not matter.
//  4. The answer arrives later on the stream as `event: message` (an event
//     record, then a received record paired with its request by id). It can
//     come before the 202 does.
//  5. Server requests such as ping are answered at once; answers to ids we
//     never sent are kept as foreign; answers after a timeout are late.
package mcp

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// Config configures a Session. Zero fields mean the documented defaults.
type Config struct {
	URL             string        // a base such as http://localhost:8811 (means /sse) or the full stream URL
	Header          http.Header   // extra headers sent on every request
	Bearer          string        // sent as Authorization: Bearer <token>
	HTTPClient      *http.Client  // default: a client without an overall timeout (the stream stays open)
	EndpointTimeout time.Duration // how long to wait for the endpoint event; default 10s
	RequestTimeout  time.Duration // how long a request may wait for its answer; default 60s
	MaxEventSize    int           // the largest SSE event accepted; default 64 MiB
	ClientName      string        // clientInfo.name; default "mcpscope"
	ClientVersion   string        // clientInfo.version; default "dev"
	// FirstID is the id of the first request; 0 picks a random start, so
	// sessions sharing a broadcasting bridge do not claim each other's
	// answers.
	FirstID int64
	// Reconnect makes a stream that ends on its own come back, as browsers'
	// EventSource does. Off, an ended stream ends the session.
	Reconnect bool
	Now       func() time.Time // default time.Now; tests fix it
}

// Defaults applied to zero Config fields.
const (
	DefaultEndpointTimeout = 10 * time.Second
	DefaultRequestTimeout  = 60 * time.Second
	DefaultMaxEventSize    = 64 << 20
)

// ProtocolVersion is the newest MCP protocol version mcpscope offers in
// initialize; the server answers with the one it chose.
const ProtocolVersion = "2025-06-18"

// ErrClosed is returned by operations on a closed session.
var ErrClosed = errors.New("the session is closed")

// Session is one live MCP session. Its methods are safe for concurrent use;
// every operation's wire traffic appears on Records in order.
type Session struct {
	cfg    Config
	client *http.Client
	out    *emitter
	stream *url.URL // parsed once in NewSession; never changes
	urlErr error    // why cfg.URL is not usable, reported by Connect

	mu          sync.Mutex
	nextID      int64
	pending     map[int64]*pending // our requests by id (we only send integer ids)
	abandoned   map[int64]int64    // timed-out or failed requests: id -> request Seq
	conn        int                // number of the latest stream connection
	current     *connection
	endpoint    *Endpoint          // nil until the current connection negotiated one
	cancel      context.CancelFunc // ends the current stream
	initialized bool
	everOpen    bool // some connection negotiated a session
	closed      bool
	tools       []Tool

	wg         sync.WaitGroup  // stream readers, reconnects and background posts
	life       context.Context // ends with Close; bounds background work
	lifeCancel context.CancelFunc
}

// NewSession prepares a session; nothing touches the network until Connect.
func NewSession(cfg Config) *Session {
	if cfg.EndpointTimeout <= 0 {
		cfg.EndpointTimeout = DefaultEndpointTimeout
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = DefaultRequestTimeout
	}
	if cfg.MaxEventSize <= 0 {
		cfg.MaxEventSize = DefaultMaxEventSize
	}
	if cfg.ClientName == "" {
		cfg.ClientName = "mcpscope"
	}
	if cfg.ClientVersion == "" {
		cfg.ClientVersion = "dev"
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{}
	}
	life, lifeCancel := context.WithCancel(context.Background())
	stream, urlErr := StreamURL(cfg.URL)
	if cfg.FirstID <= 0 {
		// A short random prefix keeps ids readable (4817001, 4817002, ...)
		// while making a clash with another client's ids unlikely.
		cfg.FirstID = (1000+rand.Int64N(9000))*1000 + 1
	}
	return &Session{
		nextID:     cfg.FirstID - 1,
		stream:     stream,
		urlErr:     urlErr,
		life:       life,
		lifeCancel: lifeCancel,
		cfg:        cfg,
		client:     client,
		out:        newEmitter(cfg.Now),
		pending:    map[int64]*pending{},
		abandoned:  map[int64]int64{},
	}
}

// Records is the session's log, in order, in batches of records that
// happened together (one network read, say). It is closed after Close once
// every record has been delivered, so a consumer that drains it sees
// everything. A batch belongs to the receiver.
func (s *Session) Records() <-chan []Record { return s.out.out }

// URL is the stream URL the session connects to, once Connect has parsed it.
func (s *Session) URL() string {
	if s.urlErr != nil {
		return s.cfg.URL
	}
	return s.stream.String()
}

// Endpoint returns the current negotiation result, or nil before one.
func (s *Session) Endpoint() *Endpoint {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.endpoint == nil {
		return nil
	}
	ep := *s.endpoint
	return &ep
}

// Tools returns the tools from the last tools/list this session ran.
func (s *Session) Tools() []Tool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Tool(nil), s.tools...)
}

// Close ends the stream, fails requests still waiting, waits for the session's
// goroutines and closes Records after the last record.
func (s *Session) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	cancel := s.cancel
	for id, p := range s.pending {
		delete(s.pending, id)
		p.finish(nil, ErrClosed)
	}
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	s.lifeCancel()
	s.wg.Wait()
	s.emit(Record{Kind: KindState, State: &StateChange{State: StateClosed, Detail: "closed by mcpscope"}})
	s.out.close()
	return nil
}

func (s *Session) emit(r Record) int64 { return s.out.emit(r) }

func (s *Session) emitError(op, msg, hint string, reqSeq int64, conn int) {
	s.emit(Record{Kind: KindError, Error: &ErrorInfo{Op: op, Message: msg, Hint: hint, ReqSeq: reqSeq, Conn: conn}})
}

// headers applies the user's headers and token to a request.
func (s *Session) headers(req *http.Request) {
	for k, vs := range s.cfg.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if s.cfg.Bearer != "" {
		req.Header.Set("Authorization", "Bearer "+s.cfg.Bearer)
	}
}
