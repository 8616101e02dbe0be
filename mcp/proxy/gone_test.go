package proxy

import (
	"net/http"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An upstream that forgot the client's session (it restarted) and says so
// the TypeScript SDK's way, 400 with a JSON-RPC -32000 "No valid session
// ID provided", ends the client's session as expired, as a 404 does: the
// proxy recorded the 400 as one more failed POST and kept the session
// open, so the client's next initialize looked like a second client.
func TestUpstreamForgotTheSessionTypeScriptShape(t *testing.T) {
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{Gone: mcptest.Gone400JSONRPC})
	_, base, w := startProxy(t, fake.URL, Config{})
	cs := sdkConnect(t, "forgotten", &sdk.StreamableClientTransport{Endpoint: base + fake.Endpoint()[len(fake.URL):], MaxRetries: -1, DisableStandaloneSSE: true})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list through the proxy: %v", err)
	}
	// Upstream forgets the session behind the proxy's back.
	req, _ := http.NewRequestWithContext(bounded(t), http.MethodDelete, fake.Endpoint(), nil)
	req.Header.Set("Mcp-Session-Id", cs.ID())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()

	if _, err := cs.ListTools(bounded(t), nil); err == nil {
		t.Fatal("tools/list on a forgotten session succeeded; the fake did not forget it")
	}
	var c *Client
	for _, x := range w.sessions() {
		if n, _ := x.Info(); n == "forgotten" && x.Transport == mcp.TransportStreamable {
			c = x
		}
	}
	if c == nil {
		t.Fatal("no streamable session of the client")
	}
	expired := w.record(t, c.ID, "the session said to be gone", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateExpired
	})
	if !strings.Contains(expired.State.Detail, "400") || !strings.Contains(expired.State.Detail, cs.ID()) {
		t.Errorf("the expiry says %q, want upstream's 400 and the session id %s", expired.State.Detail, cs.ID())
	}
	w.until(t, "the session ended", func() bool { return w.ended[c.ID] })
}
