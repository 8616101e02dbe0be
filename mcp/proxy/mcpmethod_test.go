package proxy

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// methodHeader sends every POST with the Mcp-Method header naming its
// message's method, whatever the protocol version, as the TypeScript SDK
// (1.32, in mcp-remote 0.15 and the Inspector) does.
type methodHeader struct{ next http.RoundTripper }

func (m methodHeader) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method == http.MethodPost && r.Body != nil {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return nil, err
		}
		r = r.Clone(r.Context())
		r.Body = io.NopCloser(bytes.NewReader(body))
		if msg := peek(body); msg.method != "" {
			r.Header.Set("Mcp-Method", msg.method)
		}
	}
	return m.next.RoundTrip(r)
}

// A 2025 streamable client that sends Mcp-Method on every request (its
// initialize too, before any version is negotiated) is one streamable
// session: its initialize was taken for a stateless 2026 request, so the
// handshake went to a "stateless" session named after the client, the
// rest to an unnamed streamable session that began "before the proxy saw
// it", and every later client's initialize piled into that stateless one.
func TestMcpMethodHeaderOnA2025Initialize(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	hc := &http.Client{Transport: methodHeader{http.DefaultTransport}}
	cs := sdkConnect(t, "ts-like", &sdk.StreamableClientTransport{Endpoint: base + "/mcp", HTTPClient: hc, MaxRetries: -1})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list through the proxy: %v", err)
	}
	c := w.clientWith(t, "the session that initialized", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "initialize"
	})
	if c.Transport != mcp.TransportStreamable {
		t.Errorf("the client's initialize is in a %s session, want %s", c.Transport, mcp.TransportStreamable)
	}
	if n, _ := c.Info(); n != "ts-like" {
		t.Errorf("the session that initialized is named %q, want the clientInfo ts-like", n)
	}
	w.record(t, c.ID, "tools/list in the session that initialized", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Class == mcp.ClassResponse && r.RPC.Method == "tools/list"
	})
	for _, x := range w.sessions() {
		for _, r := range w.records(x.ID) {
			if r.State != nil && strings.Contains(r.State.Detail, "did not see") {
				t.Errorf("session %s says %q: the proxy did see its initialize", x.Label(), r.State.Detail)
			}
		}
	}
}
