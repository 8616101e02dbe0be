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
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
	"github.com/mcpscope/mcpscope/mcp/proxy"
)

// proxiedDiscover relays a 2026 client's server/discover, its clientInfo
// named name, through a real proxy to upstream and returns the records of
// its session once one satisfies done.
func proxiedDiscover(t *testing.T, upstream, name string, done func(mcp.Record) bool) []mcp.Record {
	t.Helper()
	discover := `{"jsonrpc":"2.0","id":0,"method":"server/discover","params":{"_meta":{` +
		`"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},` +
		`"io.modelcontextprotocol/clientInfo":{"name":"` + name + `","version":"1.0.0"}}}}`
	return proxiedRecords(t, upstream, func(front string) {
		clientSend(t, http.MethodPost, front+"/mcp", discover, map[string]string{
			"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
			"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "server/discover"})
	}, done)
}

// proxyPane is the proxy's TUI, tall enough for the whole Negotiation
// pane, showing recs as the session of the client labelled label.
func proxyPane(t *testing.T, label string, recs []mcp.Record) *Model {
	t.Helper()
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 100})
	showClient(m, label, recs)
	return m
}

// negotiationText is the Negotiation pane's rows on m's screen, each cut
// at the pane's right border and joined by spaces: a long row wraps over
// several.
func negotiationText(m *Model) string {
	var pane []string
	for _, r := range strings.Split(ansi.Strip(m.View()), "\n") {
		if cells := strings.Split(r, "│"); len(cells) > 2 {
			pane = append(pane, strings.TrimSpace(cells[1]))
		}
	}
	return strings.Join(pane, " ")
}

// paneSaysWithoutPressI asserts that view says says and does not offer
// "press i", which cannot send in a proxied, watch-only session.
func paneSaysWithoutPressI(t *testing.T, view, says string) {
	t.Helper()
	if !strings.Contains(view, says) {
		t.Fatalf("the Negotiation pane does not say %q:\n%s", says, view)
	}
	if strings.Contains(view, "press i") {
		t.Errorf("a proxied session offers i, which cannot send there:\n%s", view)
	}
}

// proxiedRecords relays a client's request through a real proxy to
// upstream and returns the records of the client session it made, once
// one satisfies done.
func proxiedRecords(t *testing.T, upstream string, send func(front string), done func(mcp.Record) bool) []mcp.Record {
	t.Helper()
	// Only the first session is awaited; one more (a client that
	// initialized twice) must not block the proxy in OnStart.
	started := make(chan *proxy.Client, 1)
	p, err := proxy.New(proxy.Config{Upstream: upstream, OnStart: func(c *proxy.Client) {
		select {
		case started <- c:
		default:
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(p)
	sent := make(chan struct{})
	t.Cleanup(func() {
		p.Close()
		front.Close()
		// The client must not outlive the test: a t.Error after it
		// ended panics the package.
		select {
		case <-sent:
		case <-time.After(10 * time.Second):
			t.Error("the client did not stop once the proxy closed")
		}
	})
	go func() {
		defer close(sent)
		send(front.URL)
	}()
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
	recs := proxiedDiscover(t, up.URL+"/mcp", "ai-sdk-mcp-client", func(r mcp.Record) bool { return r.Kind == mcp.KindError })
	paneSaysWithoutPressI(t, proxyPane(t, "ai-sdk-mcp-client 1.0.0 · stateless", recs).View(), "not discovered yet")
}

// A proxied legacy client that opened its stream and has not initialized
// yet: the pane says so without "press i".
func TestProxiedLegacyNotInitializedNoPressI(t *testing.T) {
	up := mcptest.New(t, mcptest.Options{})
	recs := proxiedRecords(t, up.URL+"/sse", func(front string) {
		clientSend(t, http.MethodGet, front+"/sse", "", map[string]string{"Accept": "text/event-stream"})
	}, func(r mcp.Record) bool { return r.Kind == mcp.KindEndpoint })
	paneSaysWithoutPressI(t, proxyPane(t, "node · sse", recs).View(), "not initialized yet")
}
