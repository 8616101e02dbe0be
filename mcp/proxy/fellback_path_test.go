package proxy

import (
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A stateless client naming no clientInfo (curl at /stateless) and another
// run of curl that initializes a session at /mcp, also naming none, are
// two clients: the initialize ended the stateless session ("the client
// went on to initialize"), whose next request then began another. A
// client that falls back from its probe initializes at the path it probed.
func TestInitializeElsewhereLeavesAnonymousStatelessClient(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	stateless := `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	list := func() {
		t.Helper()
		resp := rawPost(t, base+"/stateless", stateless, headers2026("tools/list", "User-Agent", "curl/8.5.0")...)
		readAll(t, resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("stateless tools/list: %s, want 200", resp.Status)
		}
	}
	list()
	list()
	first := w.clientWith(t, "the stateless client", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassResponse && r.RPC.Method == "tools/list"
	})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}`,
		"Accept", "application/json, text/event-stream", "User-Agent", "curl/8.5.0")
	readAll(t, resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("initialize: %s, want 200", resp.Status)
	}
	w.clientWith(t, "the initialize's session", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassResponse && r.RPC.Method == "initialize"
	})
	list()
	w.until(t, "the third stateless tools/list", func() bool {
		n := 0
		for _, c := range w.clients {
			for _, m := range methodsSent(w.recs[c.ID]) {
				if m == "tools/list" {
					n++
				}
			}
		}
		return n == 3
	})
	if got := len(methodsSent(w.records(first.ID))); got != 3 {
		t.Errorf("the stateless session %d holds %d of the 3 tools/list, want all: the initialize at /mcp was another client's\n%s", first.ID, got, w.dump())
	}
	for _, r := range w.records(first.ID) {
		if r.State != nil && r.State.State == mcp.StateClosed {
			t.Errorf("the stateless session closed: %q, want it open", r.State.Detail)
		}
	}
}
