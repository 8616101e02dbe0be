package demo

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// Server is a running demo gateway.
type Server struct {
	// URL is the base URL to reach the gateway, e.g. http://127.0.0.1:43211;
	// the SSE endpoint is URL + SSEPath.
	URL string

	srv  *http.Server
	done chan struct{}
	err  error // what Serve returned, other than the normal ErrServerClosed
}

// Start listens on addr (e.g. "127.0.0.1:0" for a free port) and serves
// Handler(opts) until Close. Callers normally pass a loopback address: the
// demo has no authentication.
func Start(addr string, opts Options) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("demo gateway: listen on %q: %w (pick a free port, or use 127.0.0.1:0 for any)", addr, err)
	}
	s := &Server{
		URL: baseURL(ln.Addr()),
		srv: &http.Server{
			Handler:           Handler(opts),
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

// Close stops the gateway, ending every open SSE stream, and waits until it
// has stopped serving.
func (s *Server) Close() error {
	// Close rather than Shutdown: Shutdown would wait for the hanging SSE GETs,
	// which only end when their clients leave.
	err := s.srv.Close()
	<-s.done
	if s.err != nil {
		return fmt.Errorf("demo gateway at %s: %w", s.URL, s.err)
	}
	return err
}

// baseURL turns a listener address into a URL a local client can dial: a
// wildcard host (0.0.0.0 or ::) is not dialable everywhere, so it becomes
// 127.0.0.1.
func baseURL(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return "http://" + a.String()
	}
	host := tcp.IP.String()
	if tcp.IP == nil || tcp.IP.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, fmt.Sprint(tcp.Port))
}
