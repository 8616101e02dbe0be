package proxy

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Alike clients (one address, one User-Agent, one clientInfo: two copies
// of one agent on one machine) at once, three on streamable HTTP at /mcp
// and three on stateless 2026-07-28 at /stateless, are kept apart by the
// endpoint each chose: an /mcp client's initialize, which ends its own
// 2026 probe, ended a /stateless client's session instead ("went on to
// initialize streamable HTTP session 15"), whose later requests then
// began a session after another.
func TestAlikeClientsOnTwoTransportsStayApart(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	const each, calls = 3, 3
	var wg sync.WaitGroup
	for i := range 2 * each {
		path := demo.StreamablePath
		if i >= each {
			path = demo.StatelessPath
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Not sdkConnect: it fails the test, which a goroutine must not.
			cs, err := sdk.NewClient(&sdk.Implementation{Name: "twin", Version: "1"}, nil).Connect(bounded(t), &sdk.StreamableClientTransport{Endpoint: base + path, MaxRetries: -1}, nil)
			if err != nil {
				t.Errorf("a client at %s connecting through the proxy: %v", path, err)
				return
			}
			defer func() { _ = cs.Close() }()
			for n := range calls {
				who := fmt.Sprintf("%s-%d-%d", path, i, n)
				if _, err := cs.CallTool(bounded(t), &sdk.CallToolParams{Name: "greet", Arguments: map[string]any{"name": who}}); err != nil {
					t.Errorf("a client at %s calling greet through the proxy: %v", path, err)
				}
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	answered := func(transport string) int {
		n := 0
		for _, c := range w.clients {
			if c.Transport != transport {
				continue
			}
			for _, r := range w.recs[c.ID] {
				if r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Class == mcp.ClassResponse && r.RPC.Tool == "greet" {
					n++
				}
			}
		}
		return n
	}
	w.until(t, "every call answered, each in a session of its client's transport", func() bool {
		return answered(mcp.TransportStreamable) == each*calls && answered(mcp.TransportStateless) == each*calls
	})
	stateless := 0
	for _, c := range w.sessions() {
		want := demo.StreamablePath
		if c.Transport == mcp.TransportStateless {
			want = demo.StatelessPath
			stateless++
		}
		if c.path != want {
			// An /mcp client's 2026 probe is its streamable session's
			// first exchange, not a stateless client of its own.
			t.Errorf("%s session %d is at %s, want %s", c.Transport, c.ID, c.path, want)
		}
		for _, r := range w.records(c.ID) {
			if r.State != nil && strings.Contains(r.State.Detail, "went on to initialize") && c.Transport == mcp.TransportStateless {
				t.Errorf("stateless session %d was ended by another client's initialize: %s", c.ID, r.State.Detail)
			}
			if r.RPC != nil && r.RPC.Dir == mcp.DirOut && r.RPC.Tool == "greet" && !strings.Contains(string(r.RPC.Raw), `"`+want+`-`) {
				t.Errorf("%s session %d holds a call of a client at another endpoint: %s", c.Transport, c.ID, r.RPC.Raw)
			}
		}
	}
	// The wire tells alike stateless clients apart only by the ids they
	// wait on at once: at most one session each, never more.
	if stateless > each {
		t.Errorf("%d stateless sessions for %d stateless clients:\n%s", stateless, each, w.dump())
	}
}
