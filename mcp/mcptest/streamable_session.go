package mcptest

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
)

// ErrNoStream is returned when a message for the GET stream finds none open
// and no event store keeps it.
var ErrNoStream = errors.New("mcptest: no GET stream is open and no event store keeps the message")

// Session is one stateful session of a StreamableServer, made by an
// initialize. Tests use it to send server-initiated messages on the GET
// stream and to end the session.
type Session struct {
	// ID is the Mcp-Session-Id ("" with NoSessionID).
	ID string

	srv    *StreamableServer
	ctx    context.Context
	cancel context.CancelFunc
	log    *eventLog
	get    *sseStream // the GET stream, one logical stream per session

	mu          sync.Mutex
	version     string
	initialized bool
	posts       int
	gone        bool
	deleted     bool
	nextID      int64
	pending     map[string]chan json.RawMessage
	inflight    map[string]inflight // the client's requests being answered
}

// inflight is a client request being answered, which
// notifications/cancelled can stop.
type inflight struct {
	rec    *Request
	cancel context.CancelFunc
}

// newSession makes a session for an initialize with this body.
func (s *StreamableServer) newSession(body []byte) *Session {
	_, _, _, params := parse(body)
	ctx, cancel := context.WithCancel(context.Background())
	store := s.opts.Store != StoreNone
	sess := &Session{
		srv:      s,
		ctx:      ctx,
		cancel:   cancel,
		log:      &eventLog{style: s.opts.EventIDs, store: store, allStreams: s.opts.Store == StoreAllStreams},
		version:  initializeResult(params, s.opts.Versions, s.opts.Versions[len(s.opts.Versions)-1], nil)["protocolVersion"].(string),
		pending:  make(map[string]chan json.RawMessage),
		inflight: make(map[string]inflight),
	}
	sess.get = &sseStream{id: "get", log: sess.log}
	if !s.opts.NoSessionID {
		sess.ID = s.opts.SessionID()
	}
	// The session ends with the server, so no handler waits past Close.
	go func() {
		select {
		case <-s.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	s.mu.Lock()
	s.sessions = append(s.sessions, sess)
	s.byID[sess.ID] = sess
	s.mu.Unlock()
	s.j.touch()
	return sess
}

// ProtocolVersion is the version the session's initialize negotiated.
func (sess *Session) ProtocolVersion() string {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	return sess.version
}

// Initialized reports whether notifications/initialized arrived.
func (sess *Session) Initialized() bool {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	return sess.initialized
}

func (sess *Session) markInitialized() {
	sess.mu.Lock()
	sess.initialized = true
	sess.mu.Unlock()
}

// countPost counts a POST naming the session and reports whether the
// session still lives; it expires the session at Options.ExpireAfter.
func (sess *Session) countPost() bool {
	sess.mu.Lock()
	n := sess.srv.opts.ExpireAfter
	expire := !sess.gone && n > 0 && sess.posts >= n
	sess.posts++
	sess.mu.Unlock()
	if expire {
		sess.end(false)
	}
	return !sess.Gone()
}

// Expire ends the session as a server does when it forgets one: every later
// request naming it gets the Gone answer, its streams end and its handlers'
// contexts are cancelled.
func (sess *Session) Expire() { sess.end(false) }

// end makes the session gone.
func (sess *Session) end(deleted bool) {
	sess.mu.Lock()
	sess.gone = true
	sess.deleted = sess.deleted || deleted
	sess.mu.Unlock()
	sess.cancel()
	sess.srv.j.touch()
}

// Gone reports whether the session expired or was deleted.
func (sess *Session) Gone() bool {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	return sess.gone
}

// Deleted reports whether the client ended the session with DELETE.
func (sess *Session) Deleted() bool {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	return sess.deleted
}

// Done is closed once the session is gone or the server closed.
func (sess *Session) Done() <-chan struct{} { return sess.ctx.Done() }

// WaitGET waits until a GET stream of the session is open.
func (sess *Session) WaitGET(ctx context.Context) error {
	return sess.srv.j.waitUntil(ctx, func() bool {
		sess.get.mu.Lock()
		defer sess.get.mu.Unlock()
		return sess.get.att != nil
	})
}

// CloseGET ends the open GET stream cleanly; the client may open another.
func (sess *Session) CloseGET() { sess.get.cut("", false) }

// BreakGET ends the open GET stream by breaking the connection, as a
// network failure would: the client sees an unexpected EOF.
func (sess *Session) BreakGET() { sess.get.cut("", true) }

// Notify sends a notification on the GET stream (e.g.
// notifications/tools/list_changed); params are marshalled with
// encoding/json (nil for none). It returns ErrNoStream when no GET stream
// is open and no event store keeps the message.
func (sess *Session) Notify(method string, params any) error {
	raw, err := notification(method, params)
	if err != nil {
		return err
	}
	return sess.sendGET(raw)
}

// sendGET writes a message on the GET stream.
func (sess *Session) sendGET(raw string) error {
	err := sess.get.send("message", raw)
	if errors.Is(err, errDetached) {
		if sess.log.store {
			return nil
		}
		return ErrNoStream
	}
	return err
}

// Request sends a server request on the GET stream and waits for the
// client to POST its response, which it returns.
func (sess *Session) Request(ctx context.Context, method string, params any) (json.RawMessage, error) {
	return sess.request(ctx, sess.get, method, params)
}

// Ping sends a ping request on the GET stream and waits for the answer.
func (sess *Session) Ping(ctx context.Context) error {
	_, err := sess.Request(ctx, "ping", nil)
	return err
}

// PendingRequests reports how many server requests await an answer.
func (sess *Session) PendingRequests() int {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	return len(sess.pending)
}

// request sends a server request with the next id of the server's id space
// (1, 2, ...: the numbers a client uses too) on stream, and waits for the
// POSTed response.
func (sess *Session) request(ctx context.Context, stream *sseStream, method string, params any) (json.RawMessage, error) {
	note, err := notification(method, params)
	if err != nil {
		return nil, err
	}
	sess.mu.Lock()
	sess.nextID++
	id := strconv.FormatInt(sess.nextID, 10)
	reply := make(chan json.RawMessage, 1)
	sess.pending[id] = reply
	sess.mu.Unlock()
	defer func() {
		sess.mu.Lock()
		delete(sess.pending, id)
		sess.mu.Unlock()
	}()
	raw := `{"jsonrpc":"2.0","id":` + id + `,` + note[len(`{"jsonrpc":"2.0",`):]
	if err := stream.send("message", raw); err != nil && !sess.log.store {
		return nil, err
	}
	select {
	case body := <-reply:
		return body, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-sess.ctx.Done():
		return nil, ErrClosed
	}
}

// deliver hands a POSTed response to the server request waiting for it.
func (sess *Session) deliver(id json.RawMessage, body []byte) {
	key := idKey(id)
	sess.mu.Lock()
	reply := sess.pending[key]
	delete(sess.pending, key)
	sess.mu.Unlock()
	if reply != nil {
		reply <- body
	}
}

// track makes a client request cancellable by notifications/cancelled.
func (sess *Session) track(id json.RawMessage, rec *Request, cancel context.CancelFunc) {
	sess.mu.Lock()
	sess.inflight[idKey(id)] = inflight{rec: rec, cancel: cancel}
	sess.mu.Unlock()
}

// untrack forgets a request once its handler has returned.
func (sess *Session) untrack(id json.RawMessage, rec *Request) {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	if f, ok := sess.inflight[idKey(id)]; ok && f.rec == rec {
		delete(sess.inflight, idKey(id))
	}
}

// cancelRequest ends the handler of the request a notifications/cancelled
// names and records it Cancelled, as a 2025 client cancels.
func (sess *Session) cancelRequest(body []byte) {
	var n struct {
		Params struct {
			RequestID json.RawMessage `json:"requestId"`
		} `json:"params"`
	}
	if json.Unmarshal(body, &n) != nil || n.Params.RequestID == nil {
		return
	}
	sess.mu.Lock()
	f, ok := sess.inflight[idKey(n.Params.RequestID)]
	sess.mu.Unlock()
	if !ok {
		return
	}
	sess.srv.j.update(f.rec, func(r *Request) { r.Cancelled = true })
	f.cancel()
}
