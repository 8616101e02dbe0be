package proxy

import (
	"bufio"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client's ctrl+c, as exec sends it to a 2025 streamable server: it
// closes the resumable answer stream of its tools/call, then sends
// notifications/cancelled naming it, then DELETE. The call is the
// client's cancel: its row reads cancelled with the client's words, and
// the session counts no error, in the proxy's log as in `sessions`; the
// dropped stream's note, which said the call still waits, is superseded
// by one saying it no longer does (the Negotiation pane's last word on the
// stream). The proxy logged the dropped stream as an error (the bar and
// sessions' ERRS said 1 where exec's own recording said 0) and the call
// waited on until the DELETE, its row reading closed.
func TestClientCancelThroughTheProxyReadsCancelled(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{Store: mcptest.StoreStream, Handle: mcptest.SlowTool})
	p := newRecordingProxy(t, up.URL, func(*Client) history.RecordOptions { return history.RecordOptions{} })
	w := p.w
	base := startServer(t, p.Proxy)
	sid := rawInitialize(t, base)
	in := []string{"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"}
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, in...).Body)
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{}}}`, in...)
	if ev := nextEvent(t, bufio.NewReader(resp.Body)); !strings.Contains(ev, "\nid:") && !strings.HasPrefix(ev, "id:") {
		t.Fatalf("the answer stream's first event has no id: %q", ev)
	}
	resp.Body.Close()
	// As exec's ctrl+c does, the cancel comes after the proxy has seen
	// the stream go, whatever it says of it.
	w.record(t, 1, "the dropped stream said", func(r mcp.Record) bool {
		return strings.Contains(describe(r), "closed the answer stream")
	})
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"ctrl+c"}}`, in...).Body)
	readAll(t, rawDo(t, http.MethodDelete, base+"/mcp", "", in[2:]...).Body)
	paths := p.closeAndWait()
	call := w.record(t, 1, "the tools/call", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC.Method == "tools/call"
	})
	if w.count(1, func(r mcp.Record) bool {
		return r.Kind == mcp.KindError && r.Error.ReqSeq == call.Seq && r.Error.Op == mcp.OpCancelled && r.Error.Message == mcp.ClientCancelled+": ctrl+c"
	}) != 1 {
		t.Errorf("the tools/call was not ended as the client's cancel, with its reason\n%s", w.dump())
	}
	superseded := w.record(t, 1, "the dropped stream's note superseded", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateResuming && !AnswerStreamDropped(r.State)
	})
	if want := "the client cancelled tools/call slow id=2 (notifications/cancelled) after it closed its answer stream: the request no longer waits"; !strings.HasPrefix(superseded.State.Detail, want) {
		t.Errorf("the note after the dropped stream's says %q, want %q", superseded.State.Detail, want)
	}

	log, _ := replayed(t, paths[0])
	for i := 0; i < log.PairCount(); i++ {
		if pr := log.Pair(i); pr.Kind == history.KindRequest && pr.Method == "tools/call" && pr.State != history.StateCancelled {
			t.Errorf("the tools/call reads %s, want %s: the client cancelled it", pr.State, history.StateCancelled)
		}
	}
	if n := log.Stats().Errors; n != 0 {
		t.Errorf("the proxy's log counts %d errors, want none for a client's cancel\n%s", n, w.dump())
	}
	infos, err := history.List(p.dir)
	if err != nil || len(infos) != 1 {
		t.Fatalf("sessions lists %d (%v), want the one recording", len(infos), err)
	}
	if infos[0].Errors != 0 {
		t.Errorf("sessions lists ERRS %d, want 0 for a client's cancel\n%s", infos[0].Errors, w.dump())
	}
}
