package demo

import (
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Handler is the demo gateway as an http.Handler: the three eras' endpoints,
// /health, / and LinkPath. Close stops what it runs in the background.
type Handler struct {
	opts     Options
	mux      *http.ServeMux
	clock    *clock
	sessions *liveSessions
	states   *stateSigner
	links    *pendingLinks
	// stateless is the one MCP server behind StatelessPath: without
	// sessions there is nothing to give each client a server of its own, and
	// subscriptions/listen must hear about changes made by other requests.
	stateless *gateway
	// schemas keeps the tools' schemas, inferred and resolved once for
	// every session's server rather than by reflection per session.
	schemas *mcp.SchemaCache
}

// NewHandler returns a demo gateway handler configured by opts.
func NewHandler(opts Options) *Handler {
	opts = opts.withDefaults()
	h := &Handler{
		opts:     opts,
		mux:      http.NewServeMux(),
		clock:    newClock(opts.ClockInterval),
		sessions: newLiveSessions(),
		states:   newStateSigner(),
		links:    newPendingLinks(),
		schemas:  mcp.NewSchemaCache(),
	}
	h.stateless = h.newGateway(nil)

	// One MCP server per GET keeps mcp-add state per session; see the package
	// comment. Mounted without StripPrefix: the SDK builds the endpoint from
	// the GET's own path, so it says /sse?sessionid=... and POSTs come back
	// here.
	h.mux.Handle(SSEPath, mcp.NewSSEHandler(func(*http.Request) *mcp.Server {
		return h.legacyGateway().server
	}, nil))

	streamable := mcp.NewStreamableHTTPHandler(h.sessionServer, &mcp.StreamableHTTPOptions{
		EventStore:     mcp.NewMemoryEventStore(nil),
		SessionTimeout: opts.SessionTimeout,
	})
	h.mux.Handle(StreamablePath, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		streamable.ServeHTTP(w, withNewSession(r, h))
	}))

	h.mux.Handle(StatelessPath, mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server {
		return h.stateless.server
	}, &mcp.StreamableHTTPOptions{
		Stateless: true,
		// The 2026 revision cancels a request by closing its stream; this
		// makes the SDK cancel the handler when that happens.
		PropagateRequestCancellation: true,
	}))

	h.mux.HandleFunc("GET /health", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok"))
	})
	h.mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, SSEPath, http.StatusTemporaryRedirect)
	})
	h.mux.HandleFunc("GET "+LinkPath, h.links.serve)
	return h
}

// ServeHTTP serves the demo gateway.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// Sessions keep the context of the request that opened them, so tools
	// find in it the address the client used (for link_account's URL).
	ctx := context.WithValue(r.Context(), baseURLKey{}, "http://"+r.Host)
	h.mux.ServeHTTP(w, r.WithContext(ctx))
}

// Close stops the demo://clock ticker and starts ending every MCP session
// still open, including streamable sessions no request is holding open (each
// ends once its running requests return). Call it after the HTTP server
// stopped taking requests.
func (h *Handler) Close() {
	h.clock.close()
	h.sessions.closeAll()
}

type (
	baseURLKey    struct{}
	newSessionKey struct{}
)

// baseURL returns the scheme and host the client used to reach the gateway,
// e.g. http://127.0.0.1:8811.
func baseURL(ctx context.Context) string {
	s, _ := ctx.Value(baseURLKey{}).(string)
	return s
}

// withNewSession gives a POST that opens a streamable session (it has no
// Mcp-Session-Id) a new gateway, carried in its context to sessionServer.
func withNewSession(r *http.Request, h *Handler) *http.Request {
	if r.Method != http.MethodPost || r.Header.Get("Mcp-Session-Id") != "" {
		return r
	}
	return r.WithContext(context.WithValue(r.Context(), newSessionKey{}, h.newGateway(nil)))
}

// sessionServer is the streamable handler's getServer. The SDK calls it for
// every request, but only a POST without a session id connects a session to
// the server it returns; other requests only read the protocol versions,
// which every demo server shares, so they get the stateless one rather than
// a gateway built for nothing.
func (h *Handler) sessionServer(r *http.Request) *mcp.Server {
	if g, ok := r.Context().Value(newSessionKey{}).(*gateway); ok {
		return g.server
	}
	return h.stateless.server
}
