package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied session's recording replayed advises its client, as the live
// proxy's screen and the Markdown export do: the replay advised the user
// to start mcpscope again with --protocol, which changes nothing of a
// version the client chose.
func TestReplayedProxiedSessionAdvisesTheClient(t *testing.T) {
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	refused := `{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2025-11-25"],"requested":"2024-01-01"}}}`
	recs := []mcp.Record{
		{Seq: 1, Kind: mcp.KindDetect, Detect: &mcp.Detection{Transport: mcp.TransportStreamable, URL: "http://127.0.0.1:8811/mcp", Reason: "proxied: the client initialized a streamable HTTP session", Forced: true}},
		{Seq: 2, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: "out", Class: mcp.ClassRequest, ID: "1", Method: "tools/list", Raw: mcp.Raw(call)}},
		{Seq: 3, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposeRelay, Method: "POST", URL: "http://127.0.0.1:8812/mcp", Status: 200, StatusLine: "200 OK", ReqSeq: 2}},
		{Seq: 4, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1", ReqSeq: 2, RPCError: true, Raw: mcp.Raw(refused)}},
	}
	for i := range recs {
		recs[i].Time = fixedNow.Add(time.Duration(i) * time.Millisecond)
	}
	p, err := history.Load(writeRecording(t, recs))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	m := replayAtEnd(t, p, 160, 45)
	detail := strings.Join(strings.Fields(strings.Join(stripAll(detailOf(m, m.com.log, 0)), " ")), " ")
	if !strings.Contains(detail, "the client must ask for a version the server names") || strings.Contains(detail, "start mcpscope again") {
		t.Errorf("the replayed proxied call's advice:\n%s\nwant it to advise the client", detail)
	}
}
