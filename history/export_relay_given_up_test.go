package history

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied request whose client left before upstream answered (the proxy
// gave the relay up) is exported as given up by the client or the proxy:
// "(mcpscope stopped waiting)" said the user had, as the TUI said it too.
func TestExportSaysAProxiedClientGaveUp(t *testing.T) {
	t0 := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	log := NewLog()
	log.Append(
		mcp.Record{Seq: 1, Time: t0, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "1", Method: "tools/list", Raw: `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`}},
		mcp.Record{Seq: 2, Time: t0, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposeRelay, Method: "GET", URL: "http://127.0.0.1:8812/mcp", Status: 200}},
		mcp.Record{Seq: 3, Time: t0, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST", URL: "http://up/mcp", Err: "context canceled", Duration: time.Millisecond, ReqSeq: 1}},
	)
	var b strings.Builder
	if err := ExportMarkdown(&b, Header{URL: "http://up/mcp", Transport: "streamable"}, log); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); !strings.Contains(got, "(the client or the proxy stopped waiting)") || strings.Contains(got, "mcpscope stopped waiting") {
		t.Errorf("the export of a relay given up:\n%s", got)
	}
}
