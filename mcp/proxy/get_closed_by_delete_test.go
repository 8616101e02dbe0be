package proxy

import (
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client ends its session with DELETE while its GET stream is open: the
// demo (the Go SDK's server) closes the stream as it ends the session, and
// the stream's state says so. It read "closed by upstream", on the line
// before the DELETE's, as if upstream had dropped the stream.
func TestGetStreamClosedByTheClientsDelete(t *testing.T) {
	base, sid, w := demoOpen(t)
	in := []string{"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"}
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, in...).Body)
	get := rawDo(t, http.MethodGet, base+"/mcp", "", append(in, "Accept", "text/event-stream")...)
	if get.StatusCode != http.StatusOK {
		t.Fatalf("the GET stream got %s", get.Status)
	}
	w.record(t, 1, "the GET stream relayed", func(r mcp.Record) bool {
		return r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeGet && r.HTTP.Status == http.StatusOK
	})
	if del := rawDo(t, http.MethodDelete, base+"/mcp", "", in[2:]...); del.StatusCode/100 != 2 {
		t.Fatalf("the DELETE got %s", del.Status)
	}
	readAll(t, get.Body)
	closed := w.record(t, 1, "the GET stream's close", func(r mcp.Record) bool { return StreamClosed(r.State) })
	if want := "closed by upstream, as the client's DELETE ended the session"; closed.State.Detail != want {
		t.Errorf("the GET stream's close says %q, want %q", closed.State.Detail, want)
	}
}
