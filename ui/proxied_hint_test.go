package ui

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
	"github.com/mcpscope/mcpscope/mcp/proxy"
)

// proxiedRecords relays a client's request through a real proxy to
// upstream and returns the records of the client session it made, once
// one satisfies done.
func proxiedRecords(t *testing.T, upstream string, send func(front string), done func(mcp.Record) bool) []mcp.Record {
	t.Helper()
	started := make(chan *proxy.Client, 1)
	p, err := proxy.New(proxy.Config{Upstream: upstream, OnStart: func(c *proxy.Client) { started <- c }})
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(p)
	t.Cleanup(func() {
		p.Close()
		front.Close()
	})
	go send(front.URL)
	var c *proxy.Client
	select {
	case c = <-started:
	case <-time.After(10 * time.Second):
		t.Fatal("no client session began at the proxy")
	}
	var recs []mcp.Record
	timeout := time.After(10 * time.Second)
	for {
		select {
		case batch, ok := <-c.Records():
			if !ok {
				return recs
			}
			for _, r := range batch {
				recs = append(recs, r)
				if done(r) {
					return recs
				}
			}
		case <-timeout:
			t.Fatalf("the proxied session never got the record awaited; it has %d", len(recs))
		}
	}
}

// clientSend POSTs or GETs as a client would, through the proxy at front.
func clientSend(t *testing.T, method, url, body string, header map[string]string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		t.Error(err)
		return
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return // the test's end cut a stream short
	}
	defer resp.Body.Close()
	// Read to the end, as a client does: a stream stays open until the
	// proxy closes it at the test's end.
	_, _ = io.Copy(io.Discard, resp.Body)
}

// A stateless client (@ai-sdk/mcp, say) whose server/discover a 2025 server
// refuses with 400 text/plain (the Docker MCP Gateway: "Unsupported
// protocol version") is a session of that client's: the Negotiation pane
// says the server is not discovered, without "press i", which cannot
// send in a watch-only session.
func TestProxiedUndiscoveredNoPressI(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	discover := `{"jsonrpc":"2.0","id":0,"method":"server/discover","params":{"_meta":{` +
		`"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},` +
		`"io.modelcontextprotocol/clientInfo":{"name":"ai-sdk-mcp-client","version":"1.0.0"}}}}`
	recs := proxiedRecords(t, up.URL+"/mcp", func(front string) {
		clientSend(t, http.MethodPost, front+"/mcp", discover, map[string]string{
			"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
			"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "server/discover"})
	}, func(r mcp.Record) bool { return r.Kind == mcp.KindError })
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 100}) // the whole Negotiation pane
	showClient(m, "ai-sdk-mcp-client 1.0.0 · stateless", recs)
	view := m.View()
	if !strings.Contains(view, "not discovered yet") {
		t.Fatalf("the Negotiation pane does not say the server is not discovered:\n%s", view)
	}
	if strings.Contains(view, "press i") {
		t.Errorf("a proxied session offers i, which cannot send there:\n%s", view)
	}
}

// A proxied legacy client that opened its stream and has not initialized
// yet: the pane says so without "press i".
func TestProxiedLegacyNotInitializedNoPressI(t *testing.T) {
	up := mcptest.New(t, mcptest.Options{})
	recs := proxiedRecords(t, up.URL+"/sse", func(front string) {
		clientSend(t, http.MethodGet, front+"/sse", "", map[string]string{"Accept": "text/event-stream"})
	}, func(r mcp.Record) bool { return r.Kind == mcp.KindEndpoint })
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 100}) // the whole Negotiation pane
	showClient(m, "node · sse", recs)
	view := m.View()
	if !strings.Contains(view, "not initialized yet") {
		t.Fatalf("the Negotiation pane does not say the session is not initialized:\n%s", view)
	}
	if strings.Contains(view, "press i") {
		t.Errorf("a proxied session offers i, which cannot send there:\n%s", view)
	}
}
