package mcptest

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// StatelessServer is a fake stateless streamable HTTP MCP server (protocol
// 2026-07-28) on 127.0.0.1; the zero StatelessOptions give a well-behaved
// modern-only server. The wire flow it plays, step by step:
//
//  1. Only POST Path is served: GET and DELETE get 405 with Allow: POST
//     (with Options.Stateful they go to the stateful side instead). A POST
//     needs Content-Type application/json (415) and an Accept naming
//     application/json and text/event-stream (406).
//  2. The body must be one JSON-RPC message: a batch gets 400 -32600, a
//     body that is not JSON 400 -32700. A notification gets 202.
//  3. A 2025-style initialize gets 400 -32022 with data.supported (or 404
//     -32601, Options.Initialize); any method the fake does not serve
//     (ping, logging/setLevel...) gets 404 -32601.
//  4. params._meta must carry io.modelcontextprotocol/protocolVersion and
//     io.modelcontextprotocol/clientCapabilities (400 -32602); a version
//     outside Options.Versions gets 400 -32022 with data.supported and
//     data.requested.
//  5. The headers must mirror the body: MCP-Protocol-Version equal to the
//     _meta version, Mcp-Method equal to the method, Mcp-Name for
//     tools/call, resources/read and prompts/get, and Mcp-Param-{Name} for
//     each argument whose schema says "x-mcp-header": "Name" (values may be
//     "=?base64?...?=" encoded), else 400 -32020 with data.mismatch.
//  6. The request becomes an Exchange that Options.Handle scripts: one
//     application/json body, or an SSE stream carrying progress and log
//     notifications (logs only when _meta asks with logLevel) before the
//     result. Every result carries resultType; list, read and discover
//     results carry ttlMs and cacheScope. Closing the answer cancels the
//     request: the handler's context ends and Request.Cancelled is set.
//  7. A tool that needs the client's input answers resultType
//     "input_required" with inputRequests and a requestState (400 -32021
//     with data.requiredCapabilities when clientCapabilities lacks what it
//     needs); the client sends the same params again with a new id,
//     inputResponses and that requestState, for one or two rounds.
//  8. subscriptions/listen answers an SSE stream that stays open:
//     notifications/subscriptions/acknowledged first, then list_changed
//     notifications tagged with _meta io.modelcontextprotocol/subscriptionId
//     and ": keepalive" comments, until the client closes it or a test
//     drops it.
//
// Every request is recorded as a Request. Close ends every stream and
// releases every handler, so a test never hangs on the fake.
type StatelessServer struct {
	// URL is the base URL, scheme://127.0.0.1:port with no trailing slash.
	URL string
	// Stateful is the server's stateful side with Options.Stateful, else
	// nil. It shares the server's URL, Close and request record.
	Stateful *StreamableServer

	serving
	opts StatelessOptions
	j    *journal

	mu           sync.Mutex
	tools        []Tool
	listeners    []*Listener
	nextListener int
	states       map[string]*roundState // requestState -> the round it answers
	nextState    int
}

// NewStateless starts a StatelessServer for the test and closes it in
// t.Cleanup.
func NewStateless(t testing.TB, opts StatelessOptions) *StatelessServer {
	t.Helper()
	opts = opts.withDefaults()
	if !strings.HasPrefix(opts.Path, "/") {
		t.Fatalf("mcptest.NewStateless: Path %q must start with \"/\"", opts.Path)
	}
	s := &StatelessServer{
		serving: serving{done: make(chan struct{})},
		opts:    opts,
		tools:   append([]Tool(nil), opts.Tools...),
		states:  make(map[string]*roundState),
	}
	s.j = newJournal(s.done)
	if opts.Stateful != nil {
		so := opts.Stateful.withDefaults()
		so.Path = opts.Path
		s.Stateful = newStreamable(so, s.done, s.j)
	}
	s.ts = httptest.NewServer(http.HandlerFunc(s.serveHTTP))
	s.URL = s.ts.URL
	if s.Stateful != nil {
		s.Stateful.URL = s.URL
	}
	t.Cleanup(s.Close)
	return s
}

// Endpoint is the URL a client POSTs to.
func (s *StatelessServer) Endpoint() string { return s.URL + s.opts.Path }

// Requests returns every request received so far, oldest first, both eras
// included.
func (s *StatelessServer) Requests() []Request { return s.j.all() }

// WaitRequest returns the first request, past or future, for which match
// is true. The Request is a snapshot: one still being answered has Ended
// false.
func (s *StatelessServer) WaitRequest(ctx context.Context, match func(Request) bool) (Request, error) {
	return s.j.wait(ctx, match)
}

// Tools returns the current tool list.
func (s *StatelessServer) Tools() []Tool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Tool(nil), s.tools...)
}

// AddTool adds t to the tool list, replacing a tool of the same name, and
// sends notifications/tools/list_changed on every listen stream that asked
// for toolsListChanged.
func (s *StatelessServer) AddTool(t Tool) {
	s.mu.Lock()
	s.tools = replaceTool(s.tools, t)
	s.mu.Unlock()
	s.ListChanged("tools")
}

// answerMode is the answer the options give for a JSON-RPC method.
func (s *StatelessServer) answerMode(method string) answerMode {
	m := s.opts.Answer
	if v := s.opts.AnswerFor[method]; v != AnswerDefault {
		m = v
	}
	if m == AnswerSSE || method == "subscriptions/listen" {
		return modeSSE
	}
	return modeJSON
}

// statelessMethods are the methods Default serves on the stateless fake.
var statelessMethods = []string{
	"server/discover", "tools/list", "tools/call", "resources/list", "resources/read",
	"prompts/list", "prompts/get", "subscriptions/listen",
}

// serveHTTP checks each request in the order of the wire flow above.
func (s *StatelessServer) serveHTTP(w http.ResponseWriter, r *http.Request) {
	rec := s.j.add(r)
	if s.Stateful != nil && !s.isStateless(r, rec) {
		s.Stateful.serveRecorded(w, r, rec)
		return
	}
	fail := func(status, code int, message string, data any) {
		a := newAttachment(w, r, rec, s.j)
		body := response(rec.ID, errorMember(code, message, data))
		a.w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		a.writeHeader(status, "application/json")
		_ = a.write(body)
		s.j.update(rec, func(r *Request) { r.Ended = true })
	}
	plain := func(status int, body string) {
		a := newAttachment(w, r, rec, s.j)
		a.w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		a.writeHeader(status, textPlain)
		_ = a.write(body)
		s.j.update(rec, func(r *Request) { r.Ended = true })
	}
	switch {
	case r.URL.Path != s.opts.Path:
		plain(http.StatusNotFound, "404 page not found\n")
		return
	case r.Method != http.MethodPost:
		w.Header().Set("Allow", "POST")
		plain(http.StatusMethodNotAllowed, "Method Not Allowed\n")
		return
	case !isJSON(r.Header):
		plain(http.StatusUnsupportedMediaType, "Unsupported Media Type: Content-Type must be application/json\n")
		return
	case !accepts(r.Header, "application/json") || !accepts(r.Header, "text/event-stream"):
		plain(s.opts.AcceptStatus, "Not Acceptable: Client must accept both application/json and text/event-stream\n")
		return
	}
	if bad := s.checkMessage(rec, fail); bad {
		return
	}
	if rec.Kind != KindRequest {
		a := newAttachment(w, r, rec, s.j)
		a.writeHeader(http.StatusAccepted, "")
		s.j.update(rec, func(r *Request) { r.Ended = true })
		return
	}
	meta, ok := s.checkMeta(rec, fail)
	if !ok || !s.checkHeaders(rec, meta, fail) {
		return
	}
	s.runExchange(w, r, rec, meta)
}

// isStateless tells, on a server serving both eras, whether a request is
// for the stateless side.
func (s *StatelessServer) isStateless(r *http.Request, rec *Request) bool {
	if r.Method != http.MethodPost {
		return false
	}
	return isModern(r.Header, rec.Body) || rec.RPCMethod == "server/discover" || rec.RPCMethod == "subscriptions/listen"
}

// checkMessage refuses bodies that are not one JSON-RPC message, 2025's
// initialize and methods the fake does not serve; it reports whether it
// answered.
func (s *StatelessServer) checkMessage(rec *Request, fail func(int, int, string, any)) bool {
	body := strings.TrimSpace(string(rec.Body))
	switch {
	case strings.HasPrefix(body, "["):
		fail(http.StatusBadRequest, -32600, "Invalid Request: batch requests are not supported", nil)
	case !validJSON(rec.Body):
		fail(http.StatusBadRequest, -32700, "Parse error: the body is not JSON", nil)
	case rec.Kind == KindInvalid:
		fail(http.StatusBadRequest, -32600, "Invalid Request: the body is not a JSON-RPC message", nil)
	case rec.Kind != KindRequest:
		return false
	case rec.RPCMethod == "initialize" && s.opts.Initialize == Refuse32022:
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_, _, _, params := parse(rec.Body)
		_ = json.Unmarshal(params, &p) // Bad params ask for no version.
		fail(http.StatusBadRequest, -32022,
			"Unsupported protocol version: this server speaks only stateless "+strings.Join(s.opts.Versions, ", "),
			map[string]any{"supported": s.opts.Versions, "requested": p.ProtocolVersion})
	case !s.serves(rec.RPCMethod):
		fail(http.StatusNotFound, -32601, "Method not found: "+rec.RPCMethod, nil)
	default:
		return false
	}
	return true
}

// serves reports whether the fake answers method.
func (s *StatelessServer) serves(method string) bool {
	for _, m := range statelessMethods {
		if m == method {
			return true
		}
	}
	for _, m := range s.opts.Methods {
		if m == method {
			return true
		}
	}
	return false
}

// runExchange serves a checked request: the handler runs on a goroutine of
// its own, with a context that ends when the client closes the answer.
func (s *StatelessServer) runExchange(w http.ResponseWriter, r *http.Request, rec *Request, meta *Meta) {
	a := newAttachment(w, r, rec, s.j)
	stream := &sseStream{id: "s" + strconv.Itoa(rec.Seq), log: &eventLog{style: IDsNone}}
	stream.attach(a)
	x := &Exchange{
		Message: posted(r, rec.Body, rec.Kind, rec.RPCMethod),
		Meta:    meta, Record: *rec,
		ctx: r.Context(), stream: stream, att: a, stateless: s,
	}
	go func() {
		defer x.finish()
		s.opts.Handle(x)
	}()
	carry(r, rec, s.j, stream, a, s.done, x.Answered)
}

// decorate adds what every 2026 result carries.
func (s *StatelessServer) decorate(raw json.RawMessage) json.RawMessage {
	fields := map[string]any{}
	if !s.opts.OmitResultType {
		fields["resultType"] = "complete"
	}
	if s.opts.MetaOnEveryResult {
		fields["_meta"] = map[string]any{metaServerInfo: serverInfo()}
	}
	return withFields(raw, fields)
}

// cacheFields adds ttlMs and cacheScope to a list, read or discover result.
func (s *StatelessServer) cacheFields(raw json.RawMessage) json.RawMessage {
	if s.opts.NoCacheFields {
		return raw
	}
	return withFields(raw, map[string]any{"ttlMs": s.opts.TTLMs, "cacheScope": s.opts.CacheScope})
}

// serverInfo is the fakes' identity.
func serverInfo() map[string]any { return map[string]any{"name": "fake", "version": "1.0"} }

// discoverResult answers server/discover.
func (s *StatelessServer) discoverResult() json.RawMessage {
	raw, _ := json.Marshal(map[string]any{ // Plain maps of strings always marshal.
		"supportedVersions": s.opts.Versions,
		"capabilities":      serverCapabilities(),
		"instructions":      s.opts.Instructions,
		"_meta":             map[string]any{metaServerInfo: serverInfo()},
	})
	return s.cacheFields(raw)
}
