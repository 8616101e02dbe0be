package proxy

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A 2025 streamable client of a server that keeps no session (the Go
// SDK's handler in stateless mode names no Mcp-Session-Id) opens its GET
// stream with no session id: that GET is the same client's session,
// shown with its answer (405), not a legacy HTTP+SSE session of its own
// that "upstream answered 405, not an event stream".
func TestSessionlessStreamableGetStream(t *testing.T) {
	_, base, w := startProxy(t, statelessSDKEcho(t), Config{})

	cl := sdk.NewClient(&sdk.Implementation{Name: "sessionless", Version: "1"}, nil)
	cs, err := cl.Connect(bounded(t), &sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1}, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatalf("connecting through the proxy: %v", err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list through the proxy: %v", err)
	}
	get := w.clientWith(t, "the client's GET relayed", func(r mcp.Record) bool {
		return r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeRelay && r.HTTP.Method == http.MethodGet && r.HTTP.Status != 0
	})
	if get.Transport != mcp.TransportStreamable {
		t.Errorf("the client's GET is in a %s session, want %s", get.Transport, mcp.TransportStreamable)
	}
	if n, _ := get.Info(); n != "sessionless" {
		t.Errorf("the client's GET is in the session of %q, want the client that initialized (sessionless)", n)
	}
	// 405 is how a server says it offers no GET stream: normal, not a
	// failure of the client's session.
	w.record(t, get.ID, "the GET's 405 said as the server offering no stream", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateGetStream && strings.Contains(r.State.Detail, "405")
	})
	for _, r := range w.records(get.ID) {
		if r.Error != nil {
			t.Errorf("the session records an error: %s %s", r.Error.Op, r.Error.Message)
		}
	}
	for _, c := range w.sessions() {
		if c.Transport == mcp.TransportSSE {
			t.Errorf("a legacy HTTP+SSE session %s was made for a streamable client", c.Label())
		}
	}
}

// statelessSDKEcho serves the Go SDK's streamable handler in stateless
// mode (it keeps no session, and speaks 2026-07-28 as well as 2025) with
// one tool, echo, for the test; it returns its URL.
func statelessSDKEcho(t *testing.T) string {
	t.Helper()
	srv := sdkEcho("stateless-up")
	up := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, &sdk.StreamableHTTPOptions{Stateless: true}))
	t.Cleanup(up.Close)
	return up.URL
}

// sdkEcho is a Go SDK server named name with one tool, echo, which says
// back its text.
func sdkEcho(name string) *sdk.Server {
	srv := sdk.NewServer(&sdk.Implementation{Name: name, Version: "1"}, nil)
	sdk.AddTool(srv, &sdk.Tool{Name: "echo"}, func(_ context.Context, _ *sdk.CallToolRequest, in struct{ Text string }) (*sdk.CallToolResult, any, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: in.Text}}}, nil, nil
	})
	return srv
}

// versionHeader sends MCP-Protocol-Version on every request, its legacy
// GET stream's too, as the TypeScript SDK's SSE transport does once
// initialized (on the stream's reconnect).
type versionHeader struct{ next http.RoundTripper }

func (v versionHeader) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("MCP-Protocol-Version", "2025-11-25")
	return v.next.RoundTrip(r)
}

// A legacy HTTP+SSE client that sends MCP-Protocol-Version on its GET
// stream is a legacy session still: only a client whose streamable server
// keeps no session has a GET stream without a session id.
func TestLegacyStreamWithAVersionHeader(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	hc := &http.Client{Transport: versionHeader{http.DefaultTransport}}
	cs := sdkConnect(t, "legacy-versioned", &sdk.SSEClientTransport{Endpoint: base + "/sse", HTTPClient: hc})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list through the proxy: %v", err)
	}
	for _, c := range w.sessions() {
		if c.Transport != mcp.TransportSSE {
			t.Errorf("the legacy client's %s is recorded as a %s session", c.Label(), c.Transport)
		}
	}
}
