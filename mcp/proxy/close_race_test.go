package proxy

import (
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A handler Close stopped waiting for can still begin a session: every
// session begun while the proxy stops ends, where one begun after Close
// listed the open sessions kept its recording open for good (a TUI tab or
// a recording file never closed).
func TestSessionBegunAsTheProxyStopsEnds(t *testing.T) {
	p, _, w := startProxy(t, "http://127.0.0.1:9880/mcp", Config{MaxSessions: 1 << 20})
	const handlers, most = 4, 2000
	var wg sync.WaitGroup
	began := make(chan struct{}, handlers)
	for range handlers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := httptest.NewRequest("POST", "/mcp", nil)
			for i := range most {
				if p.newClient(mcp.TransportStreamable, r, message{}, "a handler still running as the proxy stopped") == nil {
					return
				}
				if i == 0 {
					began <- struct{}{}
				}
			}
		}()
	}
	for range handlers {
		<-began
	}
	p.Close()
	wg.Wait()
	w.allEnded(t, handlers)
	if c := p.newClient(mcp.TransportStreamable, httptest.NewRequest("POST", "/mcp", nil), message{}, "after Close"); c != nil {
		t.Errorf("a session (#%d) began after the proxy stopped", c.ID)
	}
}
