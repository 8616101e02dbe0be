package proxy

import (
	"bufio"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client that closes the resumable answer stream of its tools/call and
// then cancels it (exec's ctrl+c) leaves the dropped stream's note, which
// says the request still waits, superseded: the note after it says the
// client cancelled that request and it no longer waits. The Negotiation
// pane's last word on the stream was that the request still waited.
func TestDroppedStreamNoteIsSupersededByTheClientsCancel(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{Store: mcptest.StoreStream, Handle: mcptest.SlowTool})
	_, base, w := startProxy(t, up.URL, Config{})
	sid := rawInitialize(t, base)
	in := []string{"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"}
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, in...).Body)
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{}}}`, in...)
	nextEvent(t, bufio.NewReader(resp.Body))
	resp.Body.Close()
	w.record(t, 1, "the dropped stream said", func(r mcp.Record) bool { return AnswerStreamDropped(r.State) })
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"ctrl+c"}}`, in...).Body)
	w.record(t, 1, "the tools/call cancelled", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.ReqSeq != 0 && r.Error.Op == mcp.OpCancelled && strings.HasPrefix(r.Error.Message, mcp.ClientCancelled)
	})
	last := w.record(t, 1, "the dropped stream's note superseded", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateResuming && !AnswerStreamDropped(r.State)
	})
	if want := "the client cancelled tools/call slow id=2 (notifications/cancelled) after it closed its answer stream: the request no longer waits"; !strings.HasPrefix(last.State.Detail, want) {
		t.Errorf("the note after the dropped stream's says %q, want %q", last.State.Detail, want)
	}
}
