package proxy

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// withToken adds the client's own Authorization to every request.
type withToken struct{ token string }

func (w withToken) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+w.token)
	return http.DefaultTransport.RoundTrip(r)
}

// A proxied session recorded to its own file replays and exports like any
// other: the file loads, its Log pairs the client's requests with the
// answers (with the time the proxy added), the export shows them, and the
// client's token is not in the file.
func TestProxiedSessionRecordsReplaysAndExports(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	p := newRecordingProxy(t, gw.URL, func(c *Client) history.RecordOptions {
		return history.RecordOptions{Tokens: []string{strings.TrimPrefix(c.Authorization[0], "Bearer ")}}
	})
	srv := startServer(t, p.Proxy)
	tr := &sdk.SSEClientTransport{Endpoint: srv + "/sse", HTTPClient: &http.Client{Transport: withToken{"client-secret-42"}}}
	cs := sdkConnect(t, "recorded", tr)
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.CallTool(bounded(t), &sdk.CallToolParams{Name: "greet", Arguments: map[string]any{"name": "Bo"}}); err != nil {
		t.Fatal(err)
	}
	cs.Close()
	path, raw := p.onlyRecording(t)
	if bytes.Contains(raw, []byte("client-secret-42")) {
		t.Error("the client's token is in the recording")
	}
	log, header := replayed(t, path)
	var methods []string
	for i := 0; i < log.PairCount(); i++ {
		pr := log.Pair(i)
		if pr.Kind != history.KindRequest {
			continue
		}
		if pr.Method == "server/discover" {
			continue // the SDK asks first whether the server speaks 2026
		}
		methods = append(methods, pr.Method)
		if pr.State != history.StateOK || pr.Relay == nil || pr.Post == nil {
			t.Errorf("replayed %s: state %s, relay %v, post %v; want answered with both legs", pr.Method, pr.State, pr.Relay != nil, pr.Post != nil)
		}
	}
	if got := strings.Join(methods, " "); got != "initialize tools/list tools/call" {
		t.Errorf("replayed requests %q, want the client's three", got)
	}
	neg := log.Negotiation()
	if neg.Transport != mcp.TransportSSE || neg.Endpoint == nil || neg.Client == nil || neg.ServerName != "mcpscope-demo" {
		t.Errorf("replayed negotiation: transport %q endpoint %v client %v server %q", neg.Transport, neg.Endpoint, neg.Client, neg.ServerName)
	}
	var md bytes.Buffer
	if err := history.ExportMarkdown(&md, header, log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "tools/call") || !strings.Contains(md.String(), "Hello, Bo") {
		t.Errorf("the export lacks the tool call:\n%s", md.String())
	}
}
