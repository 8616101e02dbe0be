package proxy

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client with a 64 KB User-Agent and a long query is quoted short in how
// its session began (the detection's reason, a line of the Negotiation
// pane), as its label is; the HTTP records keep the URI whole and the
// User-Agent's first mcp.HeaderLimit bytes, saying its size. The reason
// held both whole: a 64 KB line, and one more copy of the header in the
// recording beside the two every exchange keeps (the client's leg and
// upstream's).
func TestLongUserAgentIsQuotedShortInHowTheSessionBegan(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	agent := strings.Repeat("a", 64<<10)
	query := "?q=" + strings.Repeat("q", 64<<10)
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"long-agent","version":"1"}}}`
	readAll(t, rawPost(t, base+"/mcp"+query, init, "Accept", "application/json, text/event-stream", "User-Agent", agent).Body)
	w.until(t, "the session", func() bool { return len(w.clients) == 1 })
	id := w.sessions()[0].ID
	d := w.record(t, id, "how the session began", func(r mcp.Record) bool { return r.Detect != nil }).Detect
	if len(d.Reason) > 1024 || !strings.Contains(d.Reason, "(client User-Agent: aaa") || !strings.Contains(d.Reason, "… (65536 bytes))") || strings.Count(d.Reason, " bytes)") != 3 {
		t.Errorf("the detection's reason is %d bytes (%.200q…), want the User-Agent and the URI quoted short, saying their size", len(d.Reason), d.Reason)
	}
	h := w.record(t, id, "the client's leg", func(r mcp.Record) bool { return r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeRelay }).HTTP
	if got := strings.Join(h.RequestHeaders["User-Agent"], ""); got != agent[:mcp.HeaderLimit] || h.RequestHeadersCut["User-Agent"] != len(agent) {
		t.Errorf("the client's leg keeps a User-Agent of %d bytes, cut from %d; want its first %d, cut from %d", len(got), h.RequestHeadersCut["User-Agent"], mcp.HeaderLimit, len(agent))
	}
}
