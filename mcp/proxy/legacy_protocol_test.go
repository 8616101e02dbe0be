package proxy

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A proxied legacy HTTP+SSE session knows its protocol version from the
// initialize answer: no header carries it (only streamable HTTP sends
// MCP-Protocol-Version), and the status bar showed "sse" with no version
// where a streamable session showed "streamable 2025-06-18".
func TestProxiedLegacySessionKnowsItsProtocol(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	cs := sdkConnect(t, "legacy-client", &sdk.SSEClientTransport{Endpoint: base + "/sse"})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatal(err)
	}
	want := cs.InitializeResult().ProtocolVersion
	if got := legacySessionProtocol(t, w); want == "" || got != want {
		t.Errorf("the proxied legacy session's protocol is %q, want %q, what the initialize answer chose", got, want)
	}
}

// A client that speaks 2026-07-28 over a legacy HTTP+SSE stream sends no
// initialize (the Go SDK's client went on so after a discover it sent
// before the SDK's server had narrowed its session's versions): its
// session knows its version from what each request names in its _meta.
// The status bar showed none, and the test above failed whenever the SDK
// did so. The upstream is the SDK's own legacy handler, which takes
// 2026 requests on any session it serves: the demo's legacy stream
// refuses them, as it should, since the demo names its versions up front.
func TestProxied2026OverLegacyKnowsItsProtocol(t *testing.T) {
	srv := sdkEcho("legacy-up")
	up := httptest.NewServer(sdk.NewSSEHandler(func(*http.Request) *sdk.Server { return srv }, nil))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})
	stream := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream")
	br := bufio.NewReader(stream.Body)
	var endpoint string
	for _, line := range strings.Split(nextEvent(t, br), "\n") {
		if data, ok := strings.CutPrefix(line, "data:"); ok {
			endpoint = strings.TrimSpace(data)
		}
	}
	if endpoint == "" {
		t.Fatal("no endpoint event through the proxy")
	}
	readAll(t, rawPost(t, base+endpoint, request2026("1", "server/discover", "", "modern-over-sse")).Body)
	if answer := nextEvent(t, br); !strings.Contains(answer, `"supportedVersions"`) {
		t.Fatalf("the discover answer on the stream is %q", answer)
	}
	readAll(t, rawPost(t, base+endpoint, request2026("2", "tools/list", "", "modern-over-sse")).Body)
	if answer := nextEvent(t, br); !strings.Contains(answer, `"tools"`) {
		t.Fatalf("the tools/list answer on the stream is %q", answer)
	}
	if got := legacySessionProtocol(t, w); got != "2026-07-28" {
		t.Errorf("the proxied 2026 session over a legacy stream has protocol %q, want 2026-07-28, the version its requests name", got)
	}
}

// legacySessionProtocol waits for the proxy's legacy HTTP+SSE session to
// have its tools/list answered and returns the protocol version its
// records say it speaks.
func legacySessionProtocol(t *testing.T, w *watched) string {
	t.Helper()
	id := w.clientOn(t, mcp.TransportSSE).ID
	w.record(t, id, "the tools/list answer", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "tools/list"
	})
	log := history.NewLog()
	log.Append(w.records(id)...)
	return log.Stats().Protocol
}
