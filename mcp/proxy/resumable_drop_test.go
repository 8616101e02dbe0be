package proxy

import (
	"bufio"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/clip"
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
//
// A client's tool name is its to make up: the note cuts a long one as
// every other line cuts a name (mcp.NameShown, 160 bytes and its size),
// where it kept 200 bytes of it.
func TestDroppedResumableStreamKeepsItsRequest(t *testing.T) {
	for _, tool := range []string{"echo", strings.Repeat("t", 300)} {
		t.Run(clip.Quote(tool, 8), func(t *testing.T) { droppedResumableStream(t, tool) })
	}
}

func droppedResumableStream(t *testing.T, tool string) {
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
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"`+tool+`","arguments":{"text":"hi"}}}`, in...)
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
	if !strings.Contains(said.State.Detail, "answer stream to tools/call "+mcp.NameShown(tool)+" id=2 before") {
		t.Errorf("the dropped stream's note does not name its request as other lines name it: %s", said.State.Detail)
	}
	if len(tool) > mcp.NameLimit && strings.Contains(said.State.Detail, tool[:mcp.NameLimit+1]) {
		t.Errorf("the dropped stream's note keeps more than %d bytes of a %d-byte tool name: %s", mcp.NameLimit, len(tool), said.State.Detail)
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
