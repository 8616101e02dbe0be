// Package mcp is mcpscope's view of the wire: an MCP session over whichever
// HTTP transport the server speaks, recorded as one ordered log of Records.
//
// A Session owns what every transport shares: request ids, pairing answers
// with our requests (and only ours), timeouts and late answers, answering
// the server's own requests, and the record stream. A transport owns only
// how bytes move:
//
//   - legacy HTTP+SSE (legacy.go): a GET stream whose first event names the
//     URI to POST to; answers come back on the stream;
//   - streamable HTTP with sessions (streamable.go): every message is a POST
//     to one endpoint, its answer is JSON or an event stream of its own, an
//     Mcp-Session-Id header names the session, an optional GET stream
//     carries what the server starts, and dropped streams resume with
//     Last-Event-ID.
//
// Connect picks the transport (detect.go) unless Config.Transport names one;
// every probe is a record, and a Detect record says what was chosen and why.
package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"
)

// maxReplies bounds the answers to server requests in flight at once, and
// maxQueuedReplies those waiting: a server flooding requests must not
// exhaust file descriptors or memory.
const (
	maxReplies       = 8
	maxQueuedReplies = 256
)

// maxAsking bounds the server's questions (elicitation, sampling) waiting
// for a person at once: each waits up to --timeout, and a server asking
// thousands would otherwise hold a goroutine and its params for each.
const maxAsking = 64

// Session is one live MCP session. Its methods are safe for concurrent use;
// every operation's wire traffic appears on Records in order.
type Session struct {
	cfg       Config
	client    *http.Client
	conns     *ownedConns // the connections of the session's own transport; nil with a caller's
	out       *emitter
	target    *url.URL      // what the user named, parsed once in NewSession, less its userinfo
	urlErr    error         // why cfg.URL is not usable, reported by Connect
	userinfo  *url.Userinfo // the URL's user and password, taken out of target (headers sends them)
	origins   origins
	replyQ    chan replyJob // our answers to server requests, waiting for a worker
	replyOnce sync.Once
	// deleting counts the DELETEs ending a session in flight, and
	// deleteGaveUp says the last one ran out of time: for a screen to say
	// what re-initializing waits on (EndingUpstream).
	deleting     atomic.Int32
	deleteGaveUp atomic.Bool

	mu          sync.Mutex
	tr          transport // nil until Connect chose one
	nextID      int64
	pairs       pairing // our requests by id (we only send integer ids)
	conn        int     // number of the latest stream connection or session
	initialized bool
	protocol    string // the protocol version the server chose
	initResp    *Response
	closed      bool
	tools       []Tool
	// listings numbers the tools/list listings begun, and toolsFrom is
	// the number of the oldest whose tools may still be kept
	// (tools_known.go).
	listings, toolsFrom uint64
	foreign             []foreignAnswer // the latest answers to requests we never sent
	asked               askedEvents     // the latest server requests, by the events that carried them
	eventIDs            eventStreams    // the stream each event id came on first (its own lock)
	replyFailed         failedReply     // the latest of our replies the server did not take
	leftOpen            failedReply     // the latest question of the server's nobody answered within the wait
	asking              int             // server questions waiting for their answer
	refused             int             // server questions refused: maxAsking were waiting
	loop                replyLoop       // server requests asked on the answers to our replies
	roots               []Root          // offered to the server
	subscribed          map[string]bool // 2026: resources the listen stream asks updates of
	acks                listenAcks      // 2026: listen streams not yet acknowledged (its own lock)
	probing             bool            // detection is trying a transport
	probes              []Attempt       // what the current probe sent and got
	trying              bool            // a forced transport opens: its first exchange stands for the attempt
	detecting           *detectRun      // detection in flight, which a reconnect stops
	// answered is set by the first HTTP answer of any kind: after it, a
	// request that gets none means the server went away, not that it was
	// never there.
	answered atomic.Bool
	// askCancels are the server's questions waiting for their answer, for
	// the server to withdraw with notifications/cancelled (servercancel.go);
	// each waiting question is its own entry, even where a server reused an id.
	askCancels map[askKey][]*pendingAsk
	// ownStreams close the listen streams the user opened (listen_own.go),
	// by their request's Seq.
	ownStreams map[int64]context.CancelFunc

	wg         sync.WaitGroup  // stream readers, reconnects and background posts
	life       context.Context // ends with Close; bounds background work
	lifeCancel context.CancelFunc
	// goodbye bounds what is sent to take leave of the server (the
	// notifications/cancelled of a request given up on, tasks/cancel,
	// the DELETE that ends the session); Hurry ends it, HurryFor with
	// why, its cause.
	goodbye context.Context
	hurry   context.CancelCauseFunc
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
	if cfg.MaxRetry <= 0 {
		cfg.MaxRetry = maxRetry
	}
	if cfg.ClientName == "" {
		cfg.ClientName = "mcpscope"
	}
	if cfg.ClientVersion == "" {
		cfg.ClientVersion = "dev"
	}
	if cfg.Transport == "" {
		cfg.Transport = TransportAuto
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	life, lifeCancel := context.WithCancel(context.Background())
	goodbye, hurry := context.WithCancelCause(context.Background())
	if cfg.FirstID <= 0 {
		// A short random prefix keeps ids readable (4817001, 4817002, ...)
		// while making a clash with another client's ids unlikely.
		cfg.FirstID = (1000+rand.Int64N(9000))*1000 + 1
	}
	s := &Session{
		nextID:     cfg.FirstID - 1,
		life:       life,
		lifeCancel: lifeCancel,
		goodbye:    goodbye,
		hurry:      hurry,
		cfg:        cfg,
		out:        newEmitter(cfg.Now),
		pairs:      newPairing(),
		replyQ:     make(chan replyJob, maxQueuedReplies),
		roots:      cfg.Roots,
		subscribed: map[string]bool{},
	}
	s.target, s.urlErr = TargetURL(cfg.URL)
	if s.urlErr == nil && s.target.User != nil {
		// The URL's userinfo is a credential: kept apart, it goes out
		// only as headers' basic auth to the user's origin, and no URL
		// derived from the target (the stream, the endpoints, every
		// message, record and status line naming one) holds the password.
		s.userinfo, s.target.User = s.target.User, nil
	}
	if s.urlErr == nil {
		s.origins, s.urlErr = newOrigins(s.target, cfg.AllowOrigins)
	}
	if s.urlErr == nil {
		s.urlErr = checkTransportName(cfg.Transport)
	}
	// The client is a copy, so the redirect policy never leaks into a
	// client the caller shares with others.
	client := &http.Client{}
	if cfg.HTTPClient != nil {
		c := *cfg.HTTPClient
		client = &c
	}
	client.CheckRedirect = s.checkRedirect
	base := client.Transport
	if base == nil {
		// The session's own transport, so Close can end its connections.
		s.conns = &ownedConns{}
		var ok bool
		if base, ok = s.conns.transport(); !ok {
			s.conns = nil
		}
	}
	client.Transport = gunzipTransport{base}
	s.client = client
	return s
}

// Records is the session's log, in order, in batches of records that
// happened together (one network read, say). It is closed after Close once
// every record has been delivered, so a consumer that drains it sees
// everything. A batch belongs to the receiver.
func (s *Session) Records() <-chan []Record { return s.out.out }

// URL is where the session connects: the endpoint or stream in use once
// Connect chose one, else what the user named.
func (s *Session) URL() string {
	s.mu.Lock()
	tr := s.tr
	s.mu.Unlock()
	if tr != nil {
		return tr.url()
	}
	if s.urlErr != nil {
		return s.cfg.URL
	}
	return s.target.String()
}

// Transport names the transport in use, "" before Connect chose one.
func (s *Session) Transport() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tr == nil {
		return ""
	}
	return s.tr.name()
}

// Protocol is the protocol version the server chose in initialize, "" before.
func (s *Session) Protocol() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.protocol
}

// Endpoint returns the legacy negotiation result, or nil before one (and
// on other transports).
func (s *Session) Endpoint() *Endpoint {
	s.mu.Lock()
	tr := s.tr
	s.mu.Unlock()
	if l, ok := tr.(*legacy); ok {
		return l.currentEndpoint()
	}
	return nil
}

// Tools returns the tools from the last tools/list this session ran.
func (s *Session) Tools() []Tool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Tool(nil), s.tools...)
}

// Close ends the streams (and a streamable session, unless KeepSession),
// fails requests still waiting, waits for the session's goroutines and
// closes Records after the last record.
func (s *Session) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	tr := s.tr
	for _, p := range s.pairs.drain() {
		p.finish(nil, ErrClosed)
	}
	s.mu.Unlock()
	if tr != nil {
		tr.close()
	}
	s.lifeCancel()
	s.wg.Wait()
	if s.conns != nil {
		s.conns.closeAll()
	}
	s.hurry(nil)
	s.emit(Record{Kind: KindState, State: &StateChange{State: StateClosed, Detail: "closed by mcpscope"}})
	s.out.close()
	return nil
}

// HurryFor gives up on taking leave of the server, for why, in the user's
// words ("you pressed ctrl+c"): a notifications/cancelled, tasks/cancel or
// DELETE being sent, or sent later, ends at once instead of at its own
// bound. Each is bounded, but one after another, against a server that
// answers none, they took 1.4 s after ctrl+c on a call made as a task, and
// exec stopped at its second of cleanup before the session was closed and
// the recording had its end. A DELETE it cuts short, or stops before it is
// sent, is recorded saying why, where it read "failed: context canceled".
// It is safe to call at any time, from any goroutine.
func (s *Session) HurryFor(why string) { s.hurry(hurried(why)) }

// hurried is why taking leave of the server was cut short (HurryFor).
type hurried string

func (h hurried) Error() string { return string(h) }

// cutShort is the end of the record of a DELETE, bounded by ctx, that
// HurryFor stopped: "not sent" when it came before the request went out,
// else that mcpscope quit with no answer come, and its why; "" when ctx
// did not end by HurryFor. Only a DELETE with no answer begun comes here
// (one whose answer began is recorded with what came of it); the words
// said "cut short: mcpscope stopped waiting for it within 1s", which told
// neither whether it was sent nor what became of the session.
func cutShort(ctx context.Context, sent bool) string {
	var why hurried
	if !errors.As(context.Cause(ctx), &why) {
		return ""
	}
	if !sent {
		return "not sent: " + string(why)
	}
	return "was sent, but mcpscope quit before its answer came (" + string(why) + "): the session may stay open on the server until it expires"
}

func (s *Session) emit(r Record) int64 { return s.out.emit(r) }

// SessionID is the id of the transport session in use: a streamable HTTP
// session's Mcp-Session-Id, "" for none (the stateless era has none, and a
// legacy session's lives in its endpoint URI). A re-run reads it in place
// of the recorded session's in the answers it compares.
func (s *Session) SessionID() string {
	s.mu.Lock()
	tr := s.tr
	s.mu.Unlock()
	if t, ok := tr.(*streamable); ok {
		id, _, _, _ := t.session()
		return id
	}
	return ""
}

// Logged is the Seq of the newest record the session has logged: an edge
// that prints what came with a failed request waits for its reader of the
// records to get this far, since no answer's Seq marks the spot.
func (s *Session) Logged() int64 {
	s.out.mu.Lock()
	defer s.out.mu.Unlock()
	return s.out.seq
}

// emitError logs err as an error record of op; a wire error keeps its cause
// and facts so the edges can advise on it.
func (s *Session) emitError(op string, err error, reqSeq int64, conn int) {
	info := ErrorInfoOf(op, err, reqSeq, conn)
	if te, ok := err.(*TimeoutError); ok {
		info.Transport = te.Transport
	}
	s.emit(Record{Kind: KindError, Error: info})
}

// headers applies the user's headers and token to a request, which must be
// going to the user's origin. A header the user names replaces the one
// mcpscope would send, as curl's -H does: sent beside it, a debugger could
// not send what the user typed (two Mcp-Name values are a mismatch of its
// own making), and the user's value is the one they are testing.
func (s *Session) headers(req *http.Request) {
	for k, vs := range s.cfg.Header {
		req.Header.Del(k)
		for _, v := range vs {
			req.Header.Add(k, v)
		}
		if len(vs) == 0 && http.CanonicalHeaderKey(k) == "User-Agent" {
			// -H 'User-Agent:' removes it, as curl's does; with none
			// at all, net/http would send its own.
			req.Header["User-Agent"] = []string{""}
		}
	}
	SetHost(req, s.cfg.Header)
	if _, named := s.cfg.Header["Authorization"]; !named && s.userinfo != nil {
		// The URL's userinfo is the user's credential for their origin,
		// as curl takes it, on every request there: an endpoint event's
		// or a redirect's absolute URL on that origin carries no userinfo
		// for net/http to send. Set here, it also shows (redacted) in the
		// request's record.
		SetBasicAuth(req.Header, s.userinfo)
	}
	if s.cfg.Bearer != "" {
		req.Header.Set("Authorization", "Bearer "+s.cfg.Bearer)
	}
}

// transport moves a session's bytes. Its methods are called by the Session,
// never under the Session's lock unless said.
type transport interface {
	name() string
	url() string
	// open makes the transport ready to send: legacy opens its stream and
	// waits for the endpoint; streamable initializes a session.
	open(ctx context.Context) error
	// ready says why nothing can be sent now, or nil; called under s.mu.
	ready() error
	// prepare makes a message's params what the transport's era needs
	// (the 2026 _meta) and returns the headers that go with it; called
	// under s.mu.
	prepare(method string, params json.RawMessage) (json.RawMessage, http.Header)
	// send delivers one message and, for a request, routes what comes back
	// to the session. It returns once the message was delivered, or failed.
	send(ctx context.Context, m *outgoing) error
	// negotiated is told the protocol version initialize chose, before
	// notifications/initialized goes out (streamable sends it as a header);
	// an error means the version cannot go on the requests that follow.
	negotiated(protocol string) error
	// initialized is told the handshake is done (streamable opens its GET
	// stream); an error says the session was lost meanwhile.
	initialized(ctx context.Context) error
	// beforeInitialize is called before an initialize is sent, to start a
	// new session where the transport has one.
	beforeInitialize()
	// reconnect drops the connection and opens a new one.
	reconnect(ctx context.Context) error
	// close ends the transport's streams and session.
	close()
}

// named is how a failure names request m: its id, which the server may
// have been sent as anything, with its method beside it, since a line
// that names "request 5745002" alone left the user to guess it was the
// initialize (exec's opening, Negotiation's problems).
func (m *outgoing) named() string {
	if m.method == "" {
		return m.id
	}
	return m.id + " (" + NameShown(m.method) + ")"
}

// outgoing is one message on its way out.
type outgoing struct {
	class  Class // ClassRequest, ClassNotification or ClassReply
	method string
	body   []byte
	seq    int64       // the sent record
	p      *pending    // requests only
	id     string      // a request's id
	header http.Header // what prepare asked to send with it
	stream string      // the label of its answer's stream; "" is StreamResponse
	// retry, when not nil, keeps the retry field the answer's stream
	// asked for, which paces the stream that follows it (a listen
	// stream's reopening).
	retry *serverRetry
}
