package proxy

import (
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
)

// Two agents of the official Go SDK speaking 2026-07-28 through the proxy
// at once, each calling tools with the same ids as the other, are told
// apart by the clientInfo each names in its _meta: the watcher sees two
// sessions, each holding only its own agent's requests, each answered.
func TestTwoStatelessSDKAgentsAreTwoSessions(t *testing.T) {
	_, base, w := startProxy(t, statelessSDKEcho(t), Config{})
	const calls = 5
	agents := []string{"agent-a", "agent-b"}
	var wg sync.WaitGroup
	for _, name := range agents {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Not sdkConnect: it fails the test, which a goroutine must not.
			cs, err := sdk.NewClient(&sdk.Implementation{Name: name, Version: "1"}, nil).Connect(bounded(t), &sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1}, nil)
			if err != nil {
				t.Errorf("%s connecting through the proxy: %v", name, err)
				return
			}
			defer func() { _ = cs.Close() }()
			if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
				t.Errorf("%s speaks %s, want 2026-07-28", name, v)
			}
			for range calls {
				if _, err := cs.CallTool(bounded(t), &sdk.CallToolParams{Name: "echo", Arguments: map[string]any{"text": name}}); err != nil {
					t.Errorf("%s calling echo through the proxy: %v", name, err)
				}
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	answered := func(id int) int {
		n := 0
		for _, r := range w.recs[id] {
			if r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Class == mcp.ClassResponse && r.RPC.Tool == "echo" {
				n++
			}
		}
		return n
	}
	w.until(t, "each agent's calls answered in a session of its own", func() bool {
		got := map[string]int{}
		for _, c := range w.clients {
			n, _ := c.Info()
			got[n] += answered(c.ID)
		}
		return got[agents[0]] == calls && got[agents[1]] == calls
	})
	for _, c := range w.sessions() {
		name, _ := c.Info()
		if c.Transport != mcp.TransportStateless {
			t.Errorf("session %d (%s) is %s, want stateless", c.ID, name, c.Transport)
		}
		for _, r := range w.records(c.ID) {
			if r.RPC == nil || r.RPC.Dir != mcp.DirOut {
				continue
			}
			if !strings.Contains(string(r.RPC.Raw), `"name":"`+name+`"`) {
				t.Errorf("session %d of %s holds another agent's request: %s", c.ID, name, r.RPC.Raw)
			}
			if r.RPC.Class == mcp.ClassDuplicate || r.RPC.Class == mcp.ClassForeign {
				t.Errorf("session %d of %s pairs a message as %s", c.ID, name, r.RPC.Class)
			}
		}
	}
}
