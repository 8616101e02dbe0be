package proxy

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// manyStreams is a streamable upstream that lets one session open as many
// GET streams as its client asks for, each held until the client leaves;
// it counts the most it held at once.
type manyStreams struct {
	mu      sync.Mutex
	open    int
	most    int
	deletes int
}

func (u *manyStreams) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		w.Header().Set("Mcp-Session-Id", "s-many")
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"many","version":"1"}}}`))
	case http.MethodDelete:
		u.mu.Lock()
		u.deletes++
		u.mu.Unlock()
	case http.MethodGet:
		u.mu.Lock()
		u.open++
		u.most = max(u.most, u.open)
		u.mu.Unlock()
		defer func() {
			u.mu.Lock()
			u.open--
			u.mu.Unlock()
		}()
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}
}

// One session relays at most MaxInFlight requests and streams at once:
// against an upstream that allows any number of GET streams, each cost the
// proxy two connections, without end, as --max-sessions bounds sessions,
// not what one holds. The one past the limit gets 503 with a body that
// says why and what to do, its refusal is in the session's recording, a
// closed stream makes room again, and DELETE goes through at the limit.
func TestProxyBoundsExchangesInOneSession(t *testing.T) {
	up := &manyStreams{}
	ts := httptest.NewServer(up)
	t.Cleanup(ts.Close)
	_, base, w := startProxy(t, ts.URL+"/mcp", Config{MaxInFlight: 3})
	c := &crowd{t: t, base: base, w: w}
	sid, refused := c.initialize("greedy")
	if refused != nil {
		t.Fatalf("initialize through the proxy: %s", refused.Status)
	}
	var ends []func()
	for i := range 3 {
		resp, end := c.stream(sid)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET stream %d of 3: %s, want 200", i+1, resp.Status)
		}
		ends = append(ends, end)
	}
	resp, _ := c.stream(sid)
	if resp.StatusCode == http.StatusOK {
		t.Fatal("a 4th GET stream at a limit of 3 was relayed, want 503")
	}
	body := readAll(t, resp.Body)
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, "as many requests and streams at once as --max-in-flight allows (3)") || !strings.Contains(body, "--max-in-flight") {
		t.Fatalf("a 4th GET stream at a limit of 3: %s %q, want 503 saying why and what to do", resp.Status, body)
	}
	up.mu.Lock()
	most := up.most
	up.mu.Unlock()
	if most > 3 {
		t.Errorf("upstream held %d streams of the session at once, want at most 3", most)
	}
	id := w.sessions()[0].ID
	w.record(t, id, "the refusal in the session's records", func(r mcp.Record) bool {
		return r.Error != nil && strings.Contains(r.Error.Message, "refused with 503") && strings.Contains(r.Error.Message, "nothing was relayed")
	})

	// The stream's end is recorded just before the proxy lets go of it:
	// the next GET may still find the session full, until it does not.
	ends[0]()
	w.record(t, id, "the closed stream", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateGetStream && r.State.Detail == "closed by the client"
	})
	ctx := bounded(t)
	for {
		resp, end := c.stream(sid)
		if resp.StatusCode == http.StatusOK {
			ends[0] = end
			break
		}
		readAll(t, resp.Body)
		if resp.StatusCode != http.StatusServiceUnavailable || ctx.Err() != nil {
			t.Fatalf("a GET stream once one closed: %s, want 200", resp.Status)
		}
	}

	// At the limit again, the client can still end its session.
	del := rawDo(t, http.MethodDelete, base+"/mcp", "", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25")
	readAll(t, del.Body)
	up.mu.Lock()
	deletes := up.deletes
	up.mu.Unlock()
	if del.StatusCode != http.StatusOK || deletes != 1 {
		t.Errorf("DELETE at the limit: %s, upstream saw %d DELETEs; want 200 from upstream's one", del.Status, deletes)
	}
}
