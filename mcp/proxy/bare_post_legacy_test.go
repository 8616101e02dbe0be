package proxy

import (
	"bufio"
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A request with no session id that is no initialize (here a ping to
// /sse, refused upstream) tells nothing of a server that keeps no session.
// A legacy client of the same host and User-Agent ("node" for every
// Node fetch) that then opens /sse has a legacy HTTP+SSE session of its
// own: it was filed as that POST's streamable session's GET stream, its
// endpoint, initialize and requests recorded as streamable HTTP in the
// other client's recording.
func TestBarePostDoesNotTakeALegacyStream(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	readAll(t, rawPost(t, base+"/sse", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, "User-Agent", "node").Body)
	w.record(t, 1, "the bare POST's answer", func(r mcp.Record) bool {
		return r.HTTP != nil && r.HTTP.Method == http.MethodPost && r.HTTP.Status != 0
	})
	stream := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream", "User-Agent", "node")
	endpoint := dataOf(t, nextEvent(t, bufio.NewReader(stream.Body)))
	init := rawPost(t, base+endpoint, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"legacy","version":"1"}}}`, "User-Agent", "node")
	if init.StatusCode != http.StatusAccepted {
		t.Fatalf("the legacy initialize got %s, want 202", init.Status)
	}
	c := w.clientWith(t, "the legacy initialize", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "initialize"
	})
	if got := c.kind(); got != mcp.TransportSSE || c.ID == 1 {
		t.Errorf("the legacy client's initialize is in session %d (%s), want a legacy HTTP+SSE session of its own, not the bare POST's (1)\n%s", c.ID, got, w.dump())
	}
}
