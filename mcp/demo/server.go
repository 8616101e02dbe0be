package demo

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/mcpscope/mcpscope/internal/localurl"
)

// Server is a running demo gateway.
type Server struct {
	// URL is the base URL to reach the gateway, e.g. http://127.0.0.1:43211.
	// A client given only this URL finds the legacy SSE stream: GET /
	// redirects to /sse.
	URL string

	addr    net.Addr // the address listened on, as the system gave it
	handler *Handler
	srv     *http.Server
	done    chan struct{}
	err     error // what Serve returned, other than the normal ErrServerClosed
}

// Addr is the address the gateway listens on, as the system gave it (the
// port picked for port 0, the address a name resolved to): what says
// whether it can be reached beyond this machine, which the address as
// typed does not.
func (s *Server) Addr() net.Addr { return s.addr }

// SSEURL is the legacy HTTP+SSE endpoint: the transport of protocol
// 2024-11-05, on which a session negotiates the newest version it carries.
func (s *Server) SSEURL() string { return s.URL + SSEPath }

// MCPURL is the streamable HTTP endpoint with sessions (protocol 2025-03-26
// to 2025-11-25).
func (s *Server) MCPURL() string { return s.URL + StreamablePath }

// StatelessURL is the stateless streamable HTTP endpoint (protocol
// 2026-07-28).
func (s *Server) StatelessURL() string { return s.URL + StatelessPath }

// Endpoint describes one of the demo's MCP endpoints to a person.
type Endpoint struct {
	URL string
	// Transport is the name mcpscope's --transport flag gives it: sse,
	// streamable or stateless.
	Transport string
	// Protocol is the newest protocol version it speaks, the one a
	// session there negotiates (StreamablePath also speaks 2025-03-26
	// and 2025-06-18).
	Protocol string
	// Oldest is, for the legacy HTTP+SSE transport, the revision it is of
	// (2024-11-05), the oldest version it speaks: a session on it
	// negotiates Protocol, which a banner naming only 2024-11-05 hid.
	Oldest string
	// About says in a few words what it is.
	About string
}

// Endpoints lists the demo's MCP endpoints, oldest era first.
func (s *Server) Endpoints() []Endpoint {
	legacy := legacyVersions()
	return []Endpoint{
		{s.SSEURL(), "sse", legacy[0], legacy[len(legacy)-1], "legacy HTTP+SSE"},
		{s.MCPURL(), "streamable", "2025-11-25", "", "streamable HTTP with sessions"},
		{s.StatelessURL(), "stateless", "2026-07-28", "", "stateless streamable HTTP"},
	}
}

// Start listens on addr (e.g. "127.0.0.1:0" for a free port) and serves
// NewHandler(opts) until Close. Callers normally pass a loopback address:
// the demo has no authentication.
func Start(addr string, opts Options) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("demo gateway: listen on %q: %w (pick a free port, or use 127.0.0.1:0 for any)", addr, err)
	}
	h := NewHandler(opts)
	s := &Server{
		URL:     localurl.For(ln.Addr()),
		addr:    ln.Addr(),
		handler: h,
		srv: &http.Server{
			Handler:           h,
			ReadHeaderTimeout: 10 * time.Second,
		},
		done: make(chan struct{}),
	}
	go func() {
		defer close(s.done)
		if err := s.srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			s.err = err
		}
	}()
	return s, nil
}

// Close stops the gateway, ending every open stream and session and the
// demo://clock ticker, and waits until it has stopped serving.
func (s *Server) Close() error {
	// Close rather than Shutdown: Shutdown would wait for the hanging SSE GETs,
	// which only end when their clients leave.
	err := s.srv.Close()
	<-s.done
	s.handler.Close()
	if s.err != nil {
		return fmt.Errorf("demo gateway at %s: %w", s.URL, s.err)
	}
	return err
}
