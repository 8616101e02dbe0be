package ui

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A proxied client that leaves before upstream answers (exec quitting with
// its listen stream still opening, a person's ctrl+c) has the proxy give
// the relay up: the upstream POST's "context canceled" read "no answer:
// mcpscope stopped waiting" in Negotiation, as if the user watching had
// done it, where it was the client (or the proxy stopping).
func TestNegotiationSaysAProxiedClientGaveUp(t *testing.T) {
	called := make(chan struct{})
	url := mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, msg, id string) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.Contains(msg, `"method":"initialize"`):
			w.Header().Set("Mcp-Session-Id", "s1")
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"slowpoke","version":"1"}}}`)
		case strings.Contains(msg, `"method":"tools/call"`):
			close(called)
			<-r.Context().Done() // stuck: no status, no headers
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	})
	header := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25"}
	recs := proxiedRecords(t, url, func(front string) {
		clientSend(t, http.MethodPost, front, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"leaver","version":"1.0.0"}}}`, header)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, front, strings.NewReader(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"hang","arguments":{}}}`))
		if err != nil {
			t.Error(err)
			return
		}
		for k, v := range header {
			req.Header.Set(k, v)
		}
		req.Header.Set("Mcp-Session-Id", "s1")
		go func() {
			select {
			case <-called:
			case <-ctx.Done():
			}
			cancel() // the client leaves before upstream answers
		}()
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}, func(r mcp.Record) bool { return r.Kind == mcp.KindError && r.Error.Op == mcp.OpCancelled })
	m := proxyPane(t, "leaver 1.0.0 · streamable", recs)
	text := negotiationText(m) // its rows wrap
	if !strings.Contains(text, "no answer: the client or the proxy stopped waiting") || strings.Contains(text, "mcpscope stopped waiting") {
		t.Errorf("Negotiation should say the client (or the proxy) gave the relay up, not mcpscope:\n%s", text)
	}
}
