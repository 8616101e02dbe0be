package proxy

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// Two alike clients probe, each on its own connection; an initialize comes
// on a third while upstream still holds the first probe's answer, which
// then offers the 2026 version it asked for: that client has its era and
// is a stateless client, open. It ended saying its client "went on to
// initialize streamable HTTP" in the initialize's session, which it never
// did: the evidence that came after the initialize was not heard.
func TestProbeAnsweredItsEraAfterAnAlikeInitializeIsStateless(t *testing.T) {
	arrived, release := make(chan struct{}), make(chan struct{})
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var m struct {
			ID     int    `json:"id"`
			Method string `json:"method"`
		}
		_ = json.Unmarshal(body, &m)
		w.Header().Set("Content-Type", "application/json")
		switch {
		case m.Method == "server/discover" && m.ID == 100:
			close(arrived)
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,"result":{"supportedVersions":["2026-07-28"],"capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`, m.ID)
		case m.Method == "server/discover":
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,"result":{"supportedVersions":["2025-11-25"],"capabilities":{}}}`, m.ID)
		case m.Method == "initialize":
			w.Header().Set("Mcp-Session-Id", fmt.Sprintf("s%d", m.ID))
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`, m.ID)
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(up.Close)
	p, base, w := startProxy(t, up.URL, Config{})
	p.earlyWait = time.Hour // nothing settles by the window
	answered := make(chan error, 1)
	go func() {
		req, err := http.NewRequestWithContext(bounded(t), http.MethodPost, base+"/mcp", strings.NewReader(request2026("100", "server/discover", "", "twin")))
		if err != nil {
			answered <- err
			return
		}
		req.Header.Set("Content-Type", "application/json")
		h := headers2026("server/discover", "User-Agent", "twin/1")
		for i := 0; i+1 < len(h); i += 2 {
			req.Header.Set(h[i], h[i+1])
		}
		resp, err := connClient(t).Do(req)
		if err == nil {
			_, err = io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		answered <- err
	}()
	select {
	case <-arrived:
	case <-time.After(testTimeout):
		t.Fatal("the first probe never reached upstream")
	}
	twinProbe(t, connClient(t), base, 200)
	twinInit(t, connClient(t), base, 301)
	close(release)
	if err := <-answered; err != nil {
		t.Fatalf("the first probe: %v", err)
	}
	var first *Client
	w.until(t, "the first probe's session to be shown", func() bool {
		for _, c := range w.clients {
			if c.Transport == mcp.TransportStateless && strings.Contains(fmt.Sprint(sentIDs(w.recs[c.ID])), "server/discover 100") {
				first = c
				return true
			}
		}
		return false
	})
	w.until(t, "the first probe's session to open, or end", func() bool {
		for _, r := range w.recs[first.ID] {
			if r.State != nil && (r.State.State == mcp.StateOpen || r.State.State == mcp.StateClosed) {
				return true
			}
		}
		return false
	})
	for _, r := range w.records(first.ID) {
		if r.State == nil {
			continue
		}
		if r.State.State == mcp.StateClosed {
			t.Errorf("the stateless client's session ended saying %q, want it open", r.State.Detail)
		}
	}
}
