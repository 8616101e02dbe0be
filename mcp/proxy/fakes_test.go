package proxy

import (
	"bufio"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy server whose endpoint event names its own absolute URL: the
// client is pointed at the proxy instead, so its POSTs are relayed and
// recorded, and the endpoint record shows both URIs.
func TestLegacyAbsoluteEndpointIsRewritten(t *testing.T) {
	fake := mcptest.New(t, mcptest.Options{Endpoint: mcptest.EndpointAbsolute, EndpointRaw: mcptest.CRLFNoSpace})
	_, base, w := startProxy(t, fake.URL, Config{})
	cs := sdkConnect(t, "abs", &sdk.SSEClientTransport{Endpoint: base + "/sse"})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	c := w.sessions()[0]
	ep := w.record(t, c.ID, "the endpoint record", func(r mcp.Record) bool { return r.Kind == mcp.KindEndpoint })
	if !strings.HasPrefix(string(ep.Endpoint.Data), fake.URL) || !strings.HasPrefix(ep.Endpoint.InUse, base+"/message?sessionId=") {
		t.Errorf("endpoint data %q in use %q: want the upstream's absolute URI, and the proxy's in use", ep.Endpoint.Data, ep.Endpoint.InUse)
	}
	ev := w.record(t, c.ID, "the endpoint event", func(r mcp.Record) bool { return r.Event != nil && r.Event.Name == "endpoint" })
	if !strings.Contains(string(ev.Event.Raw), "\r\n") || !strings.Contains(string(ev.Event.Raw), "data:"+fake.URL) {
		t.Errorf("the endpoint event is recorded as %q, want the upstream's exact bytes", ev.Event.Raw)
	}
	posts := fake.Posts()
	if len(posts) == 0 {
		t.Fatal("the fake saw no POST: the client did not post through the proxy")
	}
	w.record(t, c.ID, "tools/list paired", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassResponse && r.RPC.Method == "tools/list"
	})
}

// The proxy rewrites only the endpoint event's data: every other byte of
// the block, the CRLF ending and the missing space included, reaches the
// client as upstream sent it.
func TestEndpointRewriteKeepsTheFraming(t *testing.T) {
	fake := mcptest.New(t, mcptest.Options{Endpoint: mcptest.EndpointAbsolute, EndpointRaw: mcptest.CRLFNoSpace})
	_, base, _ := startProxy(t, fake.URL, Config{})
	resp := rawDo(t, "GET", base+"/sse", "", "Accept", "text/event-stream")
	got := nextEvent(t, bufio.NewReader(resp.Body))
	if !strings.HasPrefix(got, "event: endpoint\r\ndata:/message?sessionId=") || !strings.HasSuffix(got, "\r\n\r\n") {
		t.Errorf("the client got %q, want the upstream's block with the data made a path on the proxy", got)
	}
}

// The SDK's streamable client through the proxy to the streamable fake:
// the session is named by the fake's Mcp-Session-Id, and its DELETE ends
// the recorded session.
func TestSDKStreamableThroughTheProxyToTheFake(t *testing.T) {
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true})
	_, base, w := startProxy(t, fake.URL, Config{})
	cs := sdkConnect(t, "fake-client", &sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1})
	res, err := cs.CallTool(bounded(t), &sdk.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "hi there"}})
	if err != nil || res.IsError {
		t.Fatalf("tools/call echo: %+v, %v", res, err)
	}
	c := w.clientOn(t, mcp.TransportStreamable)
	open := w.record(t, c.ID, "the session open", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateOpen && r.State.SessionID != ""
	})
	if sessions := fake.Sessions(); len(sessions) == 0 || sessions[0].ID != open.State.SessionID {
		t.Errorf("the recorded session is %q, want the fake's id", open.State.SessionID)
	}
	_ = cs.Close()
	w.until(t, "the session ended by the client's DELETE", func() bool { return w.ended[c.ID] })
	w.record(t, c.ID, "the DELETE", func(r mcp.Record) bool { return r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeDelete })
}

// Raw 2026-07-28 requests to the stateless fake: each request is relayed
// with its Mcp-* headers, answers come back as the fake wrote them, and
// the requests of one client (by its clientInfo) are one session; another
// client's are another. A listen stream is relayed as it comes.
func TestStatelessRequestsThroughTheProxy(t *testing.T) {
	fake := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	_, base, w := startProxy(t, fake.URL, Config{})
	url := base + "/mcp"
	resp := rawPost(t, url, request2026("1", "tools/list", "", "alpha"), headers2026("tools/list")...)
	if resp.StatusCode != 200 || !strings.Contains(readAll(t, resp.Body), `"forecast"`) {
		t.Fatalf("tools/list through the proxy: %s", resp.Status)
	}
	call := request2026("2", "tools/call", `"name":"forecast","arguments":{"city":"Oslo","days":2}`, "alpha")
	resp = rawPost(t, url, call, headers2026("tools/call", "Mcp-Name", "forecast", "Mcp-Param-City", "Oslo")...)
	readAll(t, resp.Body)
	got, err := fake.WaitRequest(bounded(t), func(r mcptest.Request) bool { return strings.Contains(string(r.Body), "forecast") })
	if err != nil {
		t.Fatal(err)
	}
	if got.Header.Get("Mcp-Name") != "forecast" || got.Header.Get("Mcp-Param-City") != "Oslo" || got.Header.Get("Mcp-Method") != "tools/call" {
		t.Errorf("upstream got headers %v, want every Mcp-* header relayed", got.Header)
	}
	resp = rawPost(t, url, request2026("1", "tools/list", "", "beta"), headers2026("tools/list")...)
	readAll(t, resp.Body)

	w.until(t, "two stateless sessions", func() bool { return len(w.clients) == 2 })
	alpha, beta := w.sessions()[0], w.sessions()[1]
	if n, _ := alpha.Info(); n != "alpha" || alpha.Transport != mcp.TransportStateless {
		t.Errorf("first session %q %s, want alpha on stateless", n, alpha.Transport)
	}
	if n, _ := beta.Info(); n != "beta" {
		t.Errorf("second session %q, want beta", n)
	}
	w.record(t, alpha.ID, "the tools/call answer in alpha's session", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassResponse && r.RPC.Tool == "forecast"
	})

	listen := request2026("3", "subscriptions/listen", `"notifications":{"toolsListChanged":true}`, "alpha")
	resp = rawPost(t, url, listen, headers2026("subscriptions/listen")...)
	br := bufio.NewReader(resp.Body)
	if ack := nextEvent(t, br); !strings.Contains(ack, "notifications/subscriptions/acknowledged") {
		t.Fatalf("first event of the listen stream %q, want the acknowledgement", ack)
	}
	l, err := fake.WaitListen(bounded(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.ListChanged("tools"); err != nil {
		t.Fatal(err)
	}
	if ev := nextEvent(t, br); !strings.Contains(ev, "notifications/tools/list_changed") {
		t.Fatalf("next event %q, want tools/list_changed relayed as it came", ev)
	}
	w.record(t, alpha.ID, "the change notification on the listen stream", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.Method == "notifications/tools/list_changed" && r.RPC.Stream == mcp.StreamListen
	})
}
