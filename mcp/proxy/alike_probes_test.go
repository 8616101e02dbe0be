package proxy

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// Alike clients (one address, User-Agent and clientInfo) probing at once
// with one id are kept apart in two stateless sessions; each initialize
// then goes on in one of them. The second probe stayed held back, no
// initialize looking for it, and showed as a stateless client of its own.
func TestAlikeProbesAtOnceEachGoOnInASession(t *testing.T) {
	var discovers, inits atomic.Int32
	both := make(chan struct{})
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(string(body), `"server/discover"`) {
			// Both probes are relaying at once: the second waits on the
			// first's id, so it is kept apart.
			if discovers.Add(1) == 2 {
				close(both)
			}
			select {
			case <-both:
			case <-r.Context().Done():
				return
			}
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2025-11-25"],"capabilities":{}}}`)
			return
		}
		w.Header().Set("Mcp-Session-Id", fmt.Sprintf("s%d", inits.Add(1)))
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":2,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
	}))
	t.Cleanup(up.Close)
	p, base, w := startProxy(t, up.URL, Config{})
	p.earlyWait = time.Hour // a probe left held back shows only as the proxy stops
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			readAll(t, rawPost(t, base+"/mcp", request2026("1", "server/discover", "", "twin"), headers2026("server/discover", "User-Agent", "twin/1")...).Body)
		}()
	}
	wg.Wait()
	init := `{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"twin","version":"0.1"}}}`
	for range 2 {
		readAll(t, rawPost(t, base+"/mcp", init, "Accept", "application/json, text/event-stream", "User-Agent", "twin/1").Body)
	}
	p.Close()
	w.allEnded(t, 2)
	sessions := w.sessions()
	for _, c := range sessions {
		if got := methodsSent(w.records(c.ID)); c.Transport != mcp.TransportStreamable || len(got) < 2 || got[0] != "server/discover" || got[1] != "initialize" {
			t.Errorf("%s session %d sent %q, want a streamable session of a probe and its initialize", c.Transport, c.ID, got)
		}
	}
	if len(sessions) != 2 {
		t.Errorf("%d sessions for two clients, want 2:\n%s", len(sessions), w.dump())
	}
}
