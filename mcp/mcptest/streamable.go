package mcptest

import (
	"context"
	"encoding/json"
	"mime"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// StreamableServer is a fake stateful streamable HTTP MCP server (protocol
// 2025-03-26 to 2025-11-25) on 127.0.0.1; the zero StreamableOptions give a
// well-behaved server. The wire flow it plays, step by step:
//
//  1. POST Path with initialize (Content-Type application/json, Accept
//     naming application/json and text/event-stream, else 415 or 406) makes
//     a Session. The answer carries Mcp-Session-Id (unless NoSessionID).
//  2. Every later POST names the session in Mcp-Session-Id and, after
//     initialize, may carry MCP-Protocol-Version (400 when it differs from
//     the negotiated version). An unknown, expired or deleted session gets
//     the Gone answer: 404 text/plain or 400 JSON-RPC -32000 without an id.
//  3. A notification or a response gets 202. A response is handed to the
//     server request waiting for it (Exchange.ServerRequest, Session.Request).
//  4. A request becomes an Exchange that Options.Handle scripts: one
//     application/json body, or an SSE stream (its headers go out with the
//     first event) that may open with a priming event and carry
//     notifications and server requests before the response. Each SSE
//     answer is a stream named s1, s2, ... whose events are numbered
//     "<stream>_<n>" or 1, 2, 3... when ids are on.
//  5. A stream can be cut before its response, cleanly (after "retry:") or
//     by breaking the connection; the handler goes on, and its later events
//     are kept when there is an event store.
//  6. GET Path with Mcp-Session-Id opens the session's GET stream (or 405,
//     or 409 while one is open). With Last-Event-ID it resumes instead: the
//     store replays what the stream missed and the GET carries it on live;
//     without a store the answer is 400 "stream replay unsupported".
//  7. DELETE ends the session (204, 200, or 405 when refused); afterwards
//     its id gets the Gone answer.
//
// Every request is recorded as a Request. Close ends every stream and
// releases every waiting handler, so a test never hangs on the fake.
type StreamableServer struct {
	// URL is the base URL, scheme://127.0.0.1:port with no trailing slash.
	URL string

	serving
	opts StreamableOptions
	j    *journal

	mu          sync.Mutex
	sessions    []*Session
	byID        map[string]*Session
	nextSession int // index of the next session WaitSession returns
	streams     int // SSE answers so far, naming s1, s2, ...
	tools       []Tool
}

// NewStreamable starts a StreamableServer for the test and closes it in
// t.Cleanup.
func NewStreamable(t testing.TB, opts StreamableOptions) *StreamableServer {
	t.Helper()
	opts = opts.withDefaults()
	if !strings.HasPrefix(opts.Path, "/") {
		t.Fatalf("mcptest.NewStreamable: Path %q must start with \"/\"", opts.Path)
	}
	done := make(chan struct{})
	s := newStreamable(opts, done, newJournal(done))
	s.ts = httptest.NewServer(http.HandlerFunc(s.serveHTTP))
	s.URL = s.ts.URL
	t.Cleanup(s.Close)
	return s
}

// newStreamable makes the server without listening, so a StatelessServer
// can serve both eras on one URL and one journal.
func newStreamable(opts StreamableOptions, done chan struct{}, j *journal) *StreamableServer {
	return &StreamableServer{
		serving: serving{done: done},
		opts:    opts,
		j:       j,
		byID:    make(map[string]*Session),
		tools:   append([]Tool(nil), opts.Tools...),
	}
}

// Endpoint is the URL a client POSTs to.
func (s *StreamableServer) Endpoint() string { return s.URL + s.opts.Path }

// Requests returns every request received so far, oldest first.
func (s *StreamableServer) Requests() []Request { return s.j.all() }

// WaitRequest returns the first request, past or future, for which match
// is true. The Request is a snapshot: one still being answered has Ended
// false.
func (s *StreamableServer) WaitRequest(ctx context.Context, match func(Request) bool) (Request, error) {
	return s.j.wait(ctx, match)
}

// WaitSession returns the next session made after the ones already
// returned.
func (s *StreamableServer) WaitSession(ctx context.Context) (*Session, error) {
	return waitNext(ctx, s.j, &s.mu, &s.sessions, &s.nextSession)
}

// Sessions returns every session made so far, live or gone, oldest first.
func (s *StreamableServer) Sessions() []*Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Session(nil), s.sessions...)
}

// Tools returns the current tool list.
func (s *StreamableServer) Tools() []Tool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Tool(nil), s.tools...)
}

// AddTool adds t to the tool list, replacing a tool of the same name, and
// sends notifications/tools/list_changed on every open GET stream.
func (s *StreamableServer) AddTool(t Tool) {
	s.mu.Lock()
	s.tools = replaceTool(s.tools, t)
	sessions := append([]*Session(nil), s.sessions...)
	s.mu.Unlock()
	for _, sess := range sessions {
		_ = sess.Notify("notifications/tools/list_changed", nil) // Sessions without a GET stream miss it, as on a real server.
	}
}

// replaceTool puts t in tools in place of a tool of the same name, or last.
func replaceTool(tools []Tool, t Tool) []Tool {
	for i := range tools {
		if tools[i].Name == t.Name {
			tools[i] = t
			return tools
		}
	}
	return append(tools, t)
}

// answerMode is the answer the options give for a JSON-RPC method.
func (s *StreamableServer) answerMode(method string) answerMode {
	m := s.opts.Answer
	if v := s.opts.AnswerFor[method]; v != AnswerDefault {
		m = v
	}
	if m == AnswerJSON {
		return modeJSON
	}
	return modeSSE
}

// serveHTTP routes the endpoint's three methods.
func (s *StreamableServer) serveHTTP(w http.ResponseWriter, r *http.Request) {
	s.serveRecorded(w, r, s.j.add(r))
}

// serveRecorded serves a request the journal already holds.
func (s *StreamableServer) serveRecorded(w http.ResponseWriter, r *http.Request, rec *Request) {
	answer := func(status int, contentType, body string) {
		a := newAttachment(w, r, rec, s.j)
		a.w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		a.writeHeader(status, contentType)
		_ = a.write(body)
		s.j.update(rec, func(r *Request) { r.Ended = true })
	}
	if r.URL.Path != s.opts.Path {
		answer(http.StatusNotFound, "text/plain; charset=utf-8", "404 page not found\n")
		return
	}
	switch r.Method {
	case http.MethodPost:
		s.servePost(w, r, rec, answer)
	case http.MethodGet:
		s.serveGet(w, r, rec, answer)
	case http.MethodDelete:
		s.serveDelete(r, rec, answer)
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		answer(http.StatusMethodNotAllowed, "text/plain; charset=utf-8", "Method Not Allowed\n")
	}
}

// answerFunc answers a request at once with a status, type and body.
type answerFunc func(status int, contentType, body string)

const textPlain = "text/plain; charset=utf-8"

// accepts reports whether the Accept headers name the media type.
func accepts(h http.Header, want string) bool {
	for _, v := range h.Values("Accept") {
		for part := range strings.SplitSeq(v, ",") {
			mt, _, err := mime.ParseMediaType(strings.TrimSpace(part))
			if err == nil && (mt == want || mt == "*/*") {
				return true
			}
		}
	}
	return false
}

// isJSON reports whether the Content-Type is application/json.
func isJSON(h http.Header) bool {
	mt, _, err := mime.ParseMediaType(h.Get("Content-Type"))
	return err == nil && mt == "application/json"
}

// servePost checks the transport rules, then runs the exchange.
func (s *StreamableServer) servePost(w http.ResponseWriter, r *http.Request, rec *Request, answer answerFunc) {
	if !isJSON(r.Header) {
		answer(http.StatusUnsupportedMediaType, textPlain, "Unsupported Media Type: Content-Type must be application/json\n")
		return
	}
	if !accepts(r.Header, "application/json") || !accepts(r.Header, "text/event-stream") {
		answer(s.opts.AcceptStatus, textPlain, "Not Acceptable: Client must accept both application/json and text/event-stream\n")
		return
	}
	if s.opts.RejectModern && isModern(r.Header, rec.Body) {
		s.rejectModern(rec, answer)
		return
	}
	sess, ok := s.postSession(rec, answer)
	if !ok {
		return
	}
	switch {
	case rec.Kind == KindResponse:
		sess.deliver(rec.ID, rec.Body)
	case rec.Kind == KindNotification && rec.RPCMethod == "notifications/initialized":
		sess.markInitialized()
	case rec.Kind == KindNotification && rec.RPCMethod == "notifications/cancelled":
		sess.cancelRequest(rec.Body)
	}
	s.runExchange(w, r, rec, sess)
}

// postSession finds the session a POST belongs to, making it for an
// initialize, or answers the POST itself.
func (s *StreamableServer) postSession(rec *Request, answer answerFunc) (*Session, bool) {
	id := rec.SessionID
	if s.opts.NoSessionID {
		id = ""
	}
	if id == "" && rec.Kind == KindRequest && rec.RPCMethod == "initialize" {
		return s.newSession(rec.Body), true
	}
	if id == "" && s.opts.Lenient && rec.Kind == KindRequest {
		answer(http.StatusOK, "application/json", response(rec.ID, `"result":{}`))
		return nil, false
	}
	if id == "" && !s.opts.NoSessionID {
		answer(http.StatusBadRequest, textPlain, "Bad Request: Mcp-Session-Id header is required\n")
		return nil, false
	}
	sess := s.session(id)
	if sess == nil || !sess.countPost() {
		s.gone(answer)
		return nil, false
	}
	if v := sess.ProtocolVersion(); rec.RPCMethod != "initialize" {
		got := rec.Header.Get("MCP-Protocol-Version")
		switch {
		case got == "" && s.opts.RequireProtocolVersion:
			answer(http.StatusBadRequest, textPlain, "Bad Request: MCP-Protocol-Version header is required\n")
			return nil, false
		case got != "" && got != v:
			answer(http.StatusBadRequest, textPlain, "Bad Request: Unsupported protocol version: "+got+" (negotiated "+v+")\n")
			return nil, false
		}
	}
	return sess, true
}

// gone answers a request naming a session the server does not have.
func (s *StreamableServer) gone(answer answerFunc) {
	if s.opts.Gone == Gone400JSONRPC {
		answer(http.StatusBadRequest, "application/json",
			`{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}}`)
		return
	}
	answer(http.StatusNotFound, textPlain, "session not found\n")
}

// session looks a live session up by id ("" is the shared session of a
// server without session ids).
func (s *StreamableServer) session(id string) *Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess := s.byID[id]
	if sess == nil || sess.Gone() {
		return nil
	}
	return sess
}

// runExchange serves one POSTed message: the handler runs on a goroutine of
// its own while this one carries the answer until it is complete, cut or
// broken, the client leaves or the server closes.
func (s *StreamableServer) runExchange(w http.ResponseWriter, r *http.Request, rec *Request, sess *Session) {
	a := newAttachment(w, r, rec, s.j)
	s.mu.Lock()
	s.streams++
	name := "s" + strconv.Itoa(s.streams)
	s.mu.Unlock()
	stream := &sseStream{id: name, log: sess.log}
	stream.attach(a)
	ctx, cancel := context.WithCancel(sess.ctx)
	x := &Exchange{
		Message: posted(r, rec.Body, rec.Kind, rec.RPCMethod),
		Session: sess, Record: *rec,
		ctx: ctx, stream: stream, att: a, stateful: s,
	}
	if rec.RPCMethod == "initialize" && !s.opts.NoSessionID {
		w.Header().Set("Mcp-Session-Id", sess.ID)
	}
	if rec.Kind == KindRequest {
		sess.track(x.ID, rec, cancel)
		// Both options fix the answer mode before Handle runs, so they
		// apply to methods the options answer as SSE.
		if (s.opts.FlushHeaders || s.opts.Priming) && x.decided(s.answerMode(x.Method)) == modeSSE {
			if s.opts.FlushHeaders {
				_ = x.FlushHeaders()
			}
			if s.opts.Priming {
				_ = stream.send("", "")
			}
		}
	}
	go func() {
		defer cancel()
		defer sess.untrack(x.ID, rec)
		defer x.finish()
		s.opts.Handle(x)
	}()
	carry(r, rec, s.j, stream, a, s.done, x.Answered)
}

// serveGet opens the session's GET stream, or resumes a stream.
func (s *StreamableServer) serveGet(w http.ResponseWriter, r *http.Request, rec *Request, answer answerFunc) {
	if !accepts(r.Header, "text/event-stream") {
		answer(s.opts.AcceptStatus, textPlain, "Not Acceptable: Client must accept text/event-stream\n")
		return
	}
	if s.opts.GET == GETNone {
		allow := "POST, DELETE"
		if s.opts.Delete == Delete405 {
			allow = "POST"
		}
		w.Header().Set("Allow", allow)
		answer(http.StatusMethodNotAllowed, textPlain, "Method Not Allowed: this server offers no GET stream\n")
		return
	}
	if rec.SessionID == "" && !s.opts.NoSessionID {
		answer(http.StatusBadRequest, textPlain, "Bad Request: Mcp-Session-Id header is required\n")
		return
	}
	id := rec.SessionID
	if s.opts.NoSessionID {
		id = ""
	}
	sess := s.session(id)
	if sess == nil {
		s.gone(answer)
		return
	}
	if s.opts.GET == GETEnds && r.Header.Get("Last-Event-ID") == "" {
		answer(http.StatusOK, "text/event-stream", "retry: 0\n\n")
		return
	}
	a := newAttachment(w, r, rec, s.j)
	if lastID := r.Header.Get("Last-Event-ID"); lastID != "" {
		stream, live := sess.log.resume(a, lastID)
		if !live {
			s.j.update(rec, func(r *Request) { r.Ended = true })
			return
		}
		s.j.touch()
		carry(r, rec, s.j, stream, a, sess.ctx.Done(), stream.isDone)
		return
	}
	if !sess.get.attach(a) {
		answer(http.StatusConflict, textPlain, "Conflict: Only one SSE stream is allowed per session\n")
		return
	}
	opening := ""
	if s.opts.GET == GETOK {
		opening = ": ok\n\n"
	}
	_ = sess.get.writeRaw(opening) // Sends the headers now, even with nothing to say.
	s.j.touch()
	carry(r, rec, s.j, sess.get, a, sess.ctx.Done(), sess.get.isDone)
}

// serveDelete ends a session. A DELETE held (DeleteAfter) that the client
// gives up on, or that Close ends, is left unanswered, with the session
// still open: the handler returns then, not when the hold is over, so a
// test's fake never outlives the client by a long hold.
func (s *StreamableServer) serveDelete(r *http.Request, rec *Request, answer answerFunc) {
	if s.opts.DeleteAfter > 0 {
		hold := time.NewTimer(s.opts.DeleteAfter) // the slow link's time, not a wait for anything
		defer hold.Stop()
		select {
		case <-hold.C:
		case <-r.Context().Done():
			s.j.update(rec, func(r *Request) { r.Ended, r.Cancelled = true, true })
			return
		case <-s.done:
			// Returning would let net/http answer 200; ErrAbortHandler
			// breaks the connection instead, without a log line.
			panic(http.ErrAbortHandler)
		}
	}
	if s.opts.Delete == Delete405 {
		answer(http.StatusMethodNotAllowed, textPlain, "Method Not Allowed: sessions cannot be ended by the client\n")
		return
	}
	if rec.SessionID == "" {
		answer(http.StatusBadRequest, textPlain, "Bad Request: Mcp-Session-Id header is required\n")
		return
	}
	sess := s.session(rec.SessionID)
	if sess == nil {
		s.gone(answer)
		return
	}
	sess.end(true)
	if s.opts.Delete == Delete200 {
		answer(http.StatusOK, "", "")
		return
	}
	answer(http.StatusNoContent, "", "")
}

// isModern reports whether a POST carries 2026-07-28 metadata.
func isModern(h http.Header, body []byte) bool {
	if v := h.Get("MCP-Protocol-Version"); v >= modernVersion {
		return true
	}
	return metaVersion(body) != ""
}

// metaVersion returns params._meta's protocolVersion, or "".
func metaVersion(body []byte) string {
	var m struct {
		Params struct {
			Meta map[string]json.RawMessage `json:"_meta"`
		} `json:"params"`
	}
	_ = json.Unmarshal(body, &m) // A body that is not JSON carries no metadata.
	var v string
	_ = json.Unmarshal(m.Params.Meta[metaProtocolVersion], &v) // Not a string means none.
	return v
}

// rejectModern answers like the Go SDK's stateful handler does to a 2026
// request: 400 with -32022 and the versions it does support.
func (s *StreamableServer) rejectModern(rec *Request, answer answerFunc) {
	requested := metaVersion(rec.Body)
	if requested == "" {
		requested = rec.Header.Get("MCP-Protocol-Version")
	}
	data := map[string]any{"supported": s.opts.Versions, "requested": requested}
	answer(http.StatusBadRequest, "application/json", response(rec.ID, errorMember(-32022,
		"protocol version "+strconv.Quote(requested)+" is not supported by this stateful server", data)))
}
