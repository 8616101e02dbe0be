package mcptest

import (
	"net/http"
	"time"
)

// serveStream holds a GET open as one session until the client leaves, the
// stream is closed or the server closes.
func (s *Server) serveStream(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("Connection", "keep-alive")
	w.WriteHeader(http.StatusOK)

	id := s.opts.SessionID()
	c := newConn(s, w, r, id)
	if !s.opts.NoEndpoint {
		c.Endpoint = s.opts.Endpoint(s.URL, id)
	}
	s.mu.Lock()
	s.sessions[id] = c
	s.mu.Unlock()
	defer c.finish()
	// The headers go out now so the client sees 200 even while the endpoint
	// is gated.
	if err := c.WriteRaw(""); err != nil {
		return
	}

	if s.opts.NoEndpoint {
		s.announce(c)
	} else {
		if s.opts.EndpointGate != nil {
			s.announce(c)
			select {
			case <-s.opts.EndpointGate:
			case <-c.quit:
				return
			case <-r.Context().Done():
				return
			case <-s.done:
				return
			}
		}
		if err := c.WriteRaw(s.opts.EndpointRaw(c.Endpoint)); err != nil {
			return
		}
		if s.opts.EndpointGate == nil {
			s.announce(c)
		}
		if s.opts.CloseAfterEndpoint {
			return
		}
	}

	pings := tick(s.opts.PingEvery)
	defer pings.Stop()
	keepAlives := tick(s.opts.KeepAliveEvery)
	defer keepAlives.Stop()
	for {
		select {
		case <-pings.C:
			if _, err := c.Ping(); err != nil {
				return
			}
		case <-keepAlives.C:
			if err := c.KeepAlive(); err != nil {
				return
			}
		case <-c.quit:
			return
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		}
	}
}

// ticker is a time.Ticker whose zero interval never fires.
type ticker struct {
	C <-chan time.Time
	t *time.Ticker
}

func tick(d time.Duration) ticker {
	if d <= 0 {
		return ticker{}
	}
	t := time.NewTicker(d)
	return ticker{C: t.C, t: t}
}

// Stop releases the underlying ticker, if any.
func (t ticker) Stop() {
	if t.t != nil {
		t.t.Stop()
	}
}
