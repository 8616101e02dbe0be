package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied session's Negotiation pane names the client by the clientInfo
// it sent, before how it came in: a replay has no clients bar to say it.
func TestProxiedNegotiationNamesTheClient(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"claude-desktop","version":"0.9"}}}`
	recs := []mcp.Record{
		{Seq: 1, Kind: mcp.KindDetect, Detect: &mcp.Detection{Transport: mcp.TransportStreamable, URL: "http://127.0.0.1:8811/mcp", Reason: "proxied: the client initialized a streamable HTTP session", Forced: true}},
		{Seq: 2, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: "out", Class: mcp.ClassRequest, ID: "1", Method: "initialize", Raw: mcp.Raw(init)}},
		{Seq: 3, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposeRelay, Method: "POST", URL: "http://127.0.0.1:8812/mcp", Status: 200, StatusLine: "200 OK",
			RequestHeaders: map[string][]string{"User-Agent": {"node"}}, ReqSeq: 2}},
	}
	showClient(m, "claude-desktop 0.9 · streamable", recs)
	view := m.View()
	if !strings.Contains(strings.Join(strings.Fields(view), " "), "Client claude-desktop 0.9 · POST") {
		t.Errorf("the Negotiation pane does not name the client by its clientInfo:\n%s", view)
	}
}

// A client's User-Agent too long to show says how long it was: a 64 KB one
// filled rows of the pane with no sign it went on.
func TestProxiedNegotiationSaysTheUserAgentWasCut(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	ua := strings.Repeat("U", 70000)
	recs := []mcp.Record{
		{Seq: 1, Kind: mcp.KindDetect, Detect: &mcp.Detection{Transport: mcp.TransportStreamable, URL: "http://127.0.0.1:8811/mcp", Reason: "proxied: the client initialized a streamable HTTP session", Forced: true}},
		{Seq: 2, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposeRelay, Method: "POST", URL: "http://127.0.0.1:8812/mcp", Status: 200, StatusLine: "200 OK",
			RequestHeaders: map[string][]string{"User-Agent": {ua}}}},
	}
	showClient(m, "node · streamable", recs)
	view := strings.Join(strings.Fields(m.View()), " ")
	if !strings.Contains(view, "(70000 bytes)") {
		t.Errorf("the Negotiation pane does not say the User-Agent was cut:\n%s", m.View())
	}
}
