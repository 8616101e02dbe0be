// Package mcptest provides scriptable fake MCP servers for testing clients
// against exact bytes, one per era of the HTTP transport: Server speaks the
// legacy HTTP+SSE transport, StreamableServer stateful streamable HTTP
// (2025-03-26 to 2025-11-25) and StatelessServer the stateless 2026-07-28
// protocol (alone, or beside a stateful side on one URL). Each records what
// the client sent, can be scripted per case, and never makes a test hang.
//
// The wire flow a Server plays, step by step:
//
//  1. GET Options.SSEPath opens a stream (200, text/event-stream) and makes
//     a session: a Conn, with a fresh id.
//  2. The first event is the endpoint event, exactly Options.EndpointRaw of
//     Options.Endpoint; it can be held back by Options.EndpointGate.
//  3. A POST to any path whose query names the session (sessionid,
//     sessionId or session_id) becomes a Call that Options.Handle scripts:
//     the POST's status and body, and what is written on the stream and when
//     (after the 202 by default, before it on request).
//  4. The stream stays open until the client leaves, a test or quirk closes
//     it (Conn.Close, CloseAfterMessages, an unanswered ping) or the Server
//     closes.
//
// Every POST is recorded as a Post so a test can assert which URL the client
// chose, its headers and its body. Close releases hanging POSTs and ends
// every stream, so a test never hangs on the fake.
package mcptest

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
)

// ErrClosed is returned when writing to a stream or waiting on a Server that
// has closed.
var ErrClosed = errors.New("mcptest: closed")

// Server is a fake legacy HTTP+SSE MCP server on 127.0.0.1. The zero Options
// give a well-behaved server.
type Server struct {
	// URL is the base URL, scheme://127.0.0.1:port with no trailing slash.
	URL string

	serving
	opts    Options
	foreign atomic.Int64 // ids of Broadcast's foreign responses
	gets    atomic.Int64 // GETs of SSEPath so far (GETStatusAfter)

	mu       sync.Mutex
	changed  chan struct{} // closed and replaced whenever conns or posts change
	sessions map[string]*Conn
	conns    []*Conn
	nextConn int
	posts    []*Post
	tools    []Tool
}

// New starts a Server for the test and closes it in t.Cleanup.
func New(t testing.TB, opts Options) *Server {
	t.Helper()
	opts = opts.withDefaults()
	if opts.SSEPath[0] != '/' {
		t.Fatalf("mcptest.New: SSEPath %q must start with \"/\"", opts.SSEPath)
	}
	s := &Server{
		serving:  serving{done: make(chan struct{})},
		opts:     opts,
		changed:  make(chan struct{}),
		sessions: make(map[string]*Conn),
		tools:    append([]Tool(nil), opts.Tools...),
	}
	// URL is set before the server starts, so handlers that read it are
	// ordered after the write (a client in another process gives the race
	// detector no other edge).
	s.ts = httptest.NewUnstartedServer(http.HandlerFunc(s.serveHTTP))
	s.URL = "http://" + s.ts.Listener.Addr().String()
	s.ts.Start()
	t.Cleanup(s.Close)
	return s
}

// SSEURL is the URL a client GETs to open the stream.
func (s *Server) SSEURL() string { return s.URL + s.opts.SSEPath }

// serveHTTP routes: GET SSEPath streams, POST anything goes to a session.
func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if s.opts.RequireBearer != "" && r.Header.Get("Authorization") != "Bearer "+s.opts.RequireBearer {
		if r.Method == http.MethodPost {
			s.setStatus(s.recordPost(r), http.StatusUnauthorized)
		}
		w.Header().Set("WWW-Authenticate", `Bearer realm="mcp"`)
		http.Error(w, "unauthorized: missing or wrong bearer token", http.StatusUnauthorized)
		return
	}
	switch {
	case r.Method == http.MethodPost && s.opts.RedirectPosts && r.URL.Path != s.opts.SSEPath:
		http.Redirect(w, r, s.opts.SSEPath, http.StatusTemporaryRedirect)
	case r.Method == http.MethodPost:
		s.servePost(w, r)
	case r.Method == http.MethodGet && r.URL.Path == s.opts.SSEPath:
		s.serveGET(w, r)
	case r.Method == http.MethodGet && s.opts.GatewayRoutes && r.URL.Path == "/":
		http.Redirect(w, r, s.opts.SSEPath, http.StatusTemporaryRedirect)
	case r.Method == http.MethodGet && s.opts.GatewayRoutes && r.URL.Path == "/health":
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("OK"))
	case r.Method == http.MethodGet:
		http.NotFound(w, r)
	default:
		w.Header().Set("Allow", "GET, POST")
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
	}
}

// serveGET answers the scripted GET status, or opens a stream.
func (s *Server) serveGET(w http.ResponseWriter, r *http.Request) {
	if s.opts.GETStatus == 0 || s.gets.Add(1) <= int64(s.opts.GETStatusAfter) {
		s.serveStream(w, r)
		return
	}
	for k, vs := range s.opts.GETHeaders {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.WriteHeader(s.opts.GETStatus)
	_, _ = w.Write([]byte(s.opts.GETBody))
}

// notifyLocked wakes every waiter; s.mu must be held.
func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// wait blocks until the state changes, ctx ends or the server closes.
func (s *Server) wait(ctx context.Context, changed <-chan struct{}) error {
	select {
	case <-changed:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-s.done:
		return ErrClosed
	}
}

// WaitConn returns the next stream opened after the ones already returned,
// once its endpoint event was written (or at once if the endpoint is gated
// or disabled).
func (s *Server) WaitConn(ctx context.Context) (*Conn, error) {
	for {
		s.mu.Lock()
		if s.nextConn < len(s.conns) {
			c := s.conns[s.nextConn]
			s.nextConn++
			s.mu.Unlock()
			return c, nil
		}
		changed := s.changed
		s.mu.Unlock()
		if err := s.wait(ctx, changed); err != nil {
			return nil, err
		}
	}
}

// Conns returns every stream opened so far, open or closed, oldest first.
func (s *Server) Conns() []*Conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Conn(nil), s.conns...)
}

// announce makes c visible to WaitConn and Conns.
func (s *Server) announce(c *Conn) {
	s.mu.Lock()
	s.conns = append(s.conns, c)
	s.notifyLocked()
	s.mu.Unlock()
}

// session looks up an open session by id.
func (s *Server) session(id string) *Conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions[id]
}

// openConns returns the sessions whose streams are still open.
func (s *Server) openConns() []*Conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	// From the sessions, which a stream joins before its endpoint event
	// goes out, not from the announced conns, which it joins after: a
	// client that has its endpoint is sent what is broadcast.
	out := make([]*Conn, 0, len(s.sessions))
	for _, c := range s.sessions {
		out = append(out, c)
	}
	return out
}

// Tools returns the current tool list.
func (s *Server) Tools() []Tool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Tool(nil), s.tools...)
}

// AddTool adds t to the tool list, replacing a tool of the same name.
func (s *Server) AddTool(t Tool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tools = replaceTool(s.tools, t)
}
