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

// Several clients at once, on both transports with sessions: each is a
// session of its own, named by its clientInfo, whose records hold its own
// conversation and no one else's.
func TestSeveralClientsAtOnce(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	const each = 3
	var wg sync.WaitGroup
	errs := make(chan error, 2*each)
	for i := 0; i < each; i++ {
		for _, transport := range []string{mcp.TransportSSE, mcp.TransportStreamable} {
			name := fmt.Sprintf("%s-%d", transport, i)
			var tr sdk.Transport = &sdk.SSEClientTransport{Endpoint: base + "/sse"}
			if transport == mcp.TransportStreamable {
				tr = &sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1}
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				cs, err := sdk.NewClient(&sdk.Implementation{Name: name, Version: "1"}, nil).Connect(bounded(t), tr, nil)
				if err != nil {
					errs <- fmt.Errorf("%s: connect: %v", name, err)
					return
				}
				defer cs.Close()
				res, err := cs.CallTool(bounded(t), &sdk.CallToolParams{Name: "greet", Arguments: map[string]any{"name": name}})
				if err != nil || !strings.Contains(res.Content[0].(*sdk.TextContent).Text, name) {
					errs <- fmt.Errorf("%s: greet: %+v, %v", name, res, err)
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	byName := map[string]*Client{}
	w.until(t, "every client's session named", func() bool {
		for _, c := range w.clients {
			if n, _ := c.Info(); n != "" && c.Transport != mcp.TransportStateless {
				byName[n] = c
			}
		}
		return len(byName) == 2*each
	})
	for name, c := range byName {
		if !strings.HasPrefix(name, c.Transport) {
			t.Errorf("client %s recorded on %s", name, c.Transport)
		}
		answer := w.record(t, c.ID, name+"'s greet answer", func(r mcp.Record) bool {
			return r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassResponse && r.RPC.Tool == "greet"
		})
		if !strings.Contains(string(answer.RPC.Raw), name) {
			t.Errorf("%s's session holds the answer %s, another client's", name, answer.RPC.Raw)
		}
		for _, r := range w.records(c.ID) {
			if r.RPC != nil && r.RPC.Class == mcp.ClassForeign {
				t.Errorf("%s's session has a foreign answer %s: another client's traffic leaked in", name, r.RPC.Raw)
			}
		}
	}
}
