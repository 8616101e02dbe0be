package proxy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client's batch with bytes after its closing bracket was logged "not
// JSON-RPC" while upstream read the batch and answered it. The batch's
// request is logged as the request it is, its answer paired with it, and
// a failure says what trails the batch.
func TestClientBatchWithTrailingBytesIsItsBatch(t *testing.T) {
	_, base, w := startProxy(t, answeringUpstream(t, "lenient").URL+"/mcp", Config{})
	sid := rawInitialize(t, base)
	const trail = " x"
	resp := rawPost(t, base+"/mcp", `[{"jsonrpc":"2.0","id":2,"method":"ping"}]`+trail, "Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25")
	if got := readAll(t, resp.Body); !strings.Contains(got, `"id":2`) {
		t.Fatalf("upstream answered %s %q, want its answer to id 2", resp.Status, got)
	}
	sent := w.record(t, 1, "the batch's ping", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "ping"
	})
	if sent.RPC.Class != mcp.ClassRequest || sent.RPC.ID != "2" {
		t.Errorf("the batch's ping is logged %s id %q, want the request id 2", sent.RPC.Class, sent.RPC.ID)
	}
	answer := w.record(t, 1, "upstream's answer", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.ID == "2"
	})
	if answer.RPC.Class != mcp.ClassResponse || answer.RPC.ReqSeq != sent.Seq {
		t.Errorf("the answer is logged %s (to record %d), want the response to record %d", answer.RPC.Class, answer.RPC.ReqSeq, sent.Seq)
	}
	said := w.record(t, 1, "what trails the batch", func(r mcp.Record) bool {
		return r.Error != nil && strings.Contains(r.Error.Message, "after its batch")
	})
	if !strings.Contains(said.Error.Message, fmt.Sprintf("%d bytes", len(trail))) {
		t.Errorf("the failure says %q, want the %d bytes after the batch", said.Error.Message, len(trail))
	}
	if n := w.count(1, func(r mcp.Record) bool { return r.RPC != nil && r.RPC.Class == mcp.ClassInvalid }); n != 0 {
		t.Errorf("%d records are logged not JSON-RPC\n%s", n, w.dump())
	}
}
