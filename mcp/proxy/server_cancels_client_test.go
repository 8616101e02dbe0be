package proxy

import (
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// cancelThenAnswer is the tools/call answer of an upstream that says it
// cancelled the client's request in flight (naming the client's id, not
// one of its own requests) and answers it anyway.
const cancelThenAnswer = `{"content":[{"type":"text","text":"answered anyway"}]}`

// cancelledNaming is upstream's notifications/cancelled naming id.
func cancelledNaming(id string) string {
	return `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + id + `,"reason":"changed my mind"}}`
}

// An upstream's notifications/cancelled naming the client's tools/call in
// flight, on each transport, reaches the client as it came with the answer
// after it, and is recorded as naming the client's request (cancels_ours,
// its Seq and what it asked), as exec's own session records it: the
// proxy's line and the recording said the server cancelled a request of
// its own it never sent.
func TestServerCancelNamingTheClientsRequestIsRecordedAsSuch(t *testing.T) {
	streamable := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.SSE()
		if err := x.WriteRaw("data: " + cancelledNaming(string(x.ID)) + "\n\n"); err != nil {
			t.Error(err)
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":` + cancelThenAnswer + `}`)
	})
	legacy := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method != "tools/call" {
			c.Default()
			return
		}
		c.Reply(cancelledNaming(string(c.ID)))
		c.Reply(`{"jsonrpc":"2.0","id":` + string(c.ID) + `,"result":` + cancelThenAnswer + `}`)
	}})
	for _, tc := range []struct {
		transport, upstream string
		tr                  func(base string) sdk.Transport
	}{
		{mcp.TransportStreamable, streamable.URL, func(base string) sdk.Transport {
			return &sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1}
		}},
		{mcp.TransportSSE, legacy.URL, func(base string) sdk.Transport { return &sdk.SSEClientTransport{Endpoint: base + "/sse"} }},
	} {
		t.Run(tc.transport, func(t *testing.T) {
			_, base, w := startProxy(t, tc.upstream, Config{})
			cs := sdkConnect(t, "cancelled-"+tc.transport, tc.tr(base))
			res, err := cs.CallTool(bounded(t), &sdk.CallToolParams{Name: "echo"})
			if err != nil || len(res.Content) == 0 || res.Content[0].(*sdk.TextContent).Text != "answered anyway" {
				t.Fatalf("the client got %+v, %v; want upstream's answer after its cancellation", res, err)
			}
			assertCancelsClients(t, w)
		})
	}
	t.Run(mcp.TransportStateless, func(t *testing.T) {
		fake := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
			if x.Method != "tools/call" {
				x.Default()
				return
			}
			x.SSE()
			if err := x.WriteRaw("data: " + cancelledNaming(string(x.ID)) + "\n\n"); err != nil {
				t.Error(err)
			}
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":` + cancelThenAnswer + `}`)
		}})
		_, base, w := startProxy(t, fake.URL, Config{})
		resp := rawPost(t, base+"/mcp", request2026("7", "tools/call", `"name":"echo","arguments":{}`, "raw"), headers2026("tools/call", "Mcp-Name", "echo")...)
		body := readAll(t, resp.Body)
		if !strings.Contains(body, `"requestId":7`) || !strings.Contains(body, "answered anyway") {
			t.Fatalf("the client got %s %q, want upstream's cancellation and its answer", resp.Status, body)
		}
		assertCancelsClients(t, w)
	})
}

// assertCancelsClients waits for the cancellation's record and checks it
// names the client's tools/call echo by its sent record's Seq.
func assertCancelsClients(t *testing.T, w *watched) {
	t.Helper()
	c := w.clientWith(t, "the tools/call answered", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassResponse && r.RPC.Method == "tools/call"
	})
	sent := w.record(t, c.ID, "the client's tools/call", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "tools/call"
	})
	cancel := w.record(t, c.ID, "upstream's cancellation", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.Method == "notifications/cancelled"
	})
	want := mcp.OurRequest{Seq: sent.Seq, What: "tools/call echo"}
	if got := cancel.RPC.CancelsOurs; got == nil || *got != want {
		t.Errorf("the cancellation names %+v, want the client's request %+v\n%s", got, want, w.dump())
	}
}
