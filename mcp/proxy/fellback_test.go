package proxy

import (
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
)

// The Go SDK's streamable client asks server/discover (2026-07-28) first
// and, offered no 2026 version, initializes a session. Each run's probe is
// a stateless session of its own that ends saying where the client went:
// the probes of every later run of that client piled into one stateless
// session that never ended.
func TestDiscoverProbeThenInitialize(t *testing.T) {
	gw := startDemo(t)
	_, base, w := startProxy(t, gw.URL, Config{})
	for range 2 {
		cs := sdkConnect(t, "prober", &sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1, DisableStandaloneSSE: true})
		if _, err := cs.ListTools(bounded(t), nil); err != nil {
			t.Fatalf("tools/list through the proxy: %v", err)
		}
	}
	var probes []*Client
	w.until(t, "two probe sessions ended", func() bool {
		probes = probes[:0]
		for _, c := range w.clients {
			if c.Transport == mcp.TransportStateless && w.ended[c.ID] {
				probes = append(probes, c)
			}
		}
		return len(probes) == 2
	})
	for _, c := range probes {
		last := w.records(c.ID)
		end := last[len(last)-1]
		if end.State == nil || !strings.Contains(end.State.Detail, "went on to initialize streamable HTTP session") {
			t.Errorf("probe session %d ends with %+v, want it to say where the client went", c.ID, end.State)
		}
		discovers := 0
		for _, r := range last {
			if r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "server/discover" {
				discovers++
			}
		}
		if discovers != 1 {
			t.Errorf("probe session %d holds %d server/discover requests, want its run's one", c.ID, discovers)
		}
	}
}
