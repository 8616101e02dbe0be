package proxy

import (
	"bufio"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client that drops a response stream whose events have ids has not
// given up on its request: it resumes the stream with Last-Event-ID and
// gets the answer there, and the stream's note (beside its resumption, no
// error) says which request's stream it was. The proxy logged the request cancelled ("the client left before the
// answer came") and the resumed answer as late.
//
// Upstream keeps its events for a resumption and answers only once the
// proxy has let go of the dropped stream: the answer can come on the
// resumed stream alone, however slow the machine (a tool that answered
// after a fixed time could answer before the drop was seen).
func TestDroppedResumableStreamKeepsItsRequest(t *testing.T) {
	var up *mcptest.StreamableServer
	dropped := func(r mcptest.Request) bool { return r.Is("tools/call") && r.Cancelled }
	up = mcptest.NewStreamable(t, mcptest.StreamableOptions{Store: mcptest.StoreStream, Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		_ = x.Log("info", "working")
		if _, err := up.WaitRequest(x.Context(), dropped); err != nil {
			return
		}
		x.Result(mcptest.TextResult("done", false))
	}})
	_, base, w := startProxy(t, up.URL, Config{})
	sid := rawInitialize(t, base)
	w.record(t, 1, "the session open", inState(mcp.StateOpen, "session "+sid))
	in := []string{"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"}
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, in...).Body)
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}`, in...)
	var last string
	for _, line := range strings.Split(nextEvent(t, bufio.NewReader(resp.Body)), "\n") {
		if id, ok := strings.CutPrefix(line, "id:"); ok {
			last = strings.TrimSpace(id)
		}
	}
	if last == "" {
		t.Fatal("the answer stream's first event has no id")
	}
	resp.Body.Close()
	said := w.record(t, 1, "the dropped stream said", func(r mcp.Record) bool {
		return AnswerStreamDropped(r.State) && strings.Contains(r.State.Detail, "Last-Event-ID")
	})
	// The fact names the request: with two tools/call streams dropped,
	// "to tools/call" said neither.
	if !strings.Contains(said.State.Detail, "answer stream to tools/call echo id=2 before") {
		t.Errorf("the dropped stream's note does not name its request: %s", said.State.Detail)
	}
	// Upstream resumes a stream no connection carries any more: the
	// proxy's, closed as the client's was, may still be closing.
	if _, err := up.WaitRequest(bounded(t), dropped); err != nil {
		t.Fatalf("upstream never saw the proxy let go of the dropped stream: %v", err)
	}
	resumed := rawDo(t, http.MethodGet, base+"/mcp", "", "Accept", "text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25", "Last-Event-ID", last)
	readAll(t, resumed.Body)
	answer := w.record(t, 1, "the tools/call answer", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && strings.Contains(string(r.RPC.Raw), `"id":2`)
	})
	if answer.RPC.Class != mcp.ClassResponse {
		t.Errorf("the resumed answer is %q, want %q: the client was still waiting for it\n%s", answer.RPC.Class, mcp.ClassResponse, w.dump())
	}
	// Nothing failed: the client dropped a stream it may resume, and did.
	if n := w.count(1, func(r mcp.Record) bool { return r.Kind == mcp.KindError }); n != 0 {
		t.Errorf("%d errors logged, want none: the client resumed\n%s", n, w.dump())
	}
}
