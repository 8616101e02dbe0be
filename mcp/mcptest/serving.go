package mcptest

import (
	"net/http/httptest"
	"sync"
)

// serving is what a fake server's Close ends, shared by Server,
// StreamableServer and StatelessServer: done, closed once to end every
// stream and release every handler, and the HTTP server.
type serving struct {
	ts        *httptest.Server // nil for a StreamableServer serving inside a StatelessServer
	done      chan struct{}
	closeOnce sync.Once
}

// Close ends every stream, releases every handler (a hanging POST's
// included) and stops the server. It is safe to call more than once.
func (s *serving) Close() {
	if s.ts == nil {
		return // The StatelessServer that owns it closes it.
	}
	s.closeOnce.Do(func() {
		close(s.done)
		// Handlers blocked writing to a client that stopped reading only
		// return once their connection is gone; httptest.Server.Close would
		// otherwise wait for them forever.
		s.ts.CloseClientConnections()
		s.ts.Close()
	})
}
