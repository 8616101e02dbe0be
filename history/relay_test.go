package history

import (
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied request's row holds the client's leg and the time the proxy
// added (the client's wait for the answer's headers less upstream's), and
// the negotiation keeps how the client came in; the client's leg is not one
// of the session's POSTs.
func TestRelayLegOfAProxiedRequest(t *testing.T) {
	t0 := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	log := NewLog()
	log.Append(
		mcp.Record{Seq: 1, Time: t0, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "1", Method: "tools/list", Raw: `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`}},
		mcp.Record{Seq: 2, Time: t0, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST", URL: "http://up/mcp", Status: 200, Duration: 4 * time.Millisecond, ReqSeq: 1}},
		mcp.Record{Seq: 3, Time: t0, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposeRelay, Method: "POST", URL: "http://127.0.0.1:8812/mcp", Status: 200, Duration: 4300 * time.Microsecond, ReqSeq: 1,
			RequestHeaders: map[string][]string{"User-Agent": {"inspector"}}}},
	)
	p := log.Pair(0)
	if p.Relay == nil || p.ProxyAdded != 300*time.Microsecond {
		t.Errorf("relay %v, proxy added %v; want the client's leg and 300µs", p.Relay, p.ProxyAdded)
	}
	if p.Post == nil || p.Post.HTTP.URL != "http://up/mcp" {
		t.Errorf("the row's POST is %v, want the upstream leg", p.Post)
	}
	n := log.Negotiation()
	if n.Client == nil || n.Client.URL != "http://127.0.0.1:8812/mcp" {
		t.Errorf("negotiation client %v, want the client's first request", n.Client)
	}
	if len(n.Posts) != 1 {
		t.Errorf("%d POSTs in the negotiation, want only the upstream one", len(n.Posts))
	}
}
