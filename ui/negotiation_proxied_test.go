package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied client's legacy stream that closed before its endpoint event
// says so without "press r to retry": r cannot retry another's client
// (it only says the session is watch-only).
func TestProxiedStreamClosedBeforeEndpointNoRetry(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	recs := []mcp.Record{
		{Seq: 1, Kind: mcp.KindDetect, Detect: &mcp.Detection{Transport: mcp.TransportSSE, URL: "http://127.0.0.1:8811/mcp", Reason: "proxied: the client opened a legacy HTTP+SSE stream", Forced: true}},
		{Seq: 2, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposeStream, Method: "GET", URL: "http://127.0.0.1:8811/mcp", Status: 400, StatusLine: "400 Bad Request"}},
		{Seq: 3, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateClosed, Detail: "upstream answered 400 Bad Request, not an event stream"}},
	}
	showClient(m, "undici · sse", recs)
	view := m.View()
	if !strings.Contains(view, "the stream closed before an endpoint event") {
		t.Fatalf("the Negotiation pane does not say the stream closed before its endpoint:\n%s", view)
	}
	if strings.Contains(view, "press r to retry") {
		t.Errorf("a proxied session offers r to retry, which it cannot:\n%s", view)
	}
}
