package proxy

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client sends tools/call slow with id 5 and, while it runs, tools/call
// greet with id 5 again, to the demo gateway through the proxy. The slow
// call's row ends saying the id was used again, and its answer, which
// comes after greet's, is its late answer: before, the slow call waited
// for good (closed with the session) and its answer read as a second
// answer to greet.
func TestReusedIDEndsTheEarlierRequest(t *testing.T) {
	base, sid, w := demoOpen(t)
	in := []string{"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"}
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, in...).Body)
	slow := make(chan string, 1)
	go func() {
		resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"slow","arguments":{"seconds":0.5,"steps":1}}}`, in...)
		slow <- readAll(t, resp.Body)
	}()
	call := w.record(t, 1, "the slow call relayed", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC.Tool == "slow"
	})
	// Relayed is not yet taken: upstream must have the slow call in hand
	// before the second id 5 reaches it, or the slow call is the one it
	// refuses as a duplicate in flight. Its answer's stream opening says
	// it has.
	w.record(t, 1, "the slow call's stream opened upstream", func(r mcp.Record) bool {
		return r.Event != nil && r.Event.ReqSeq == call.Seq
	})
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"greet","arguments":{"name":"B"}}}`, in...).Body)
	if got := <-slow; !strings.Contains(got, "done: worked") {
		t.Fatalf("the slow call's answer is %q", got)
	}
	ended := w.record(t, 1, "the slow call ended", func(r mcp.Record) bool {
		return r.Kind == mcp.KindError && r.Error.ReqSeq == call.Seq
	})
	if ended.Error.Op != mcp.OpCancelled || !strings.HasPrefix(ended.Error.Message, mcp.IDReused+" (tools/call greet") {
		t.Errorf("the slow call ended with %s %q, want it given up on as its id was used again", ended.Error.Op, ended.Error.Message)
	}
	late := w.record(t, 1, "the slow call's answer", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && strings.Contains(string(r.RPC.Raw), "done: worked")
	})
	if late.RPC.Class != mcp.ClassLate || late.RPC.ReqSeq != call.Seq {
		t.Errorf("the slow call's answer is %s to record %d, want late to the slow call (%d)\n%s", late.RPC.Class, late.RPC.ReqSeq, call.Seq, w.dump())
	}
	w.mu.Lock()
	recs := append([]mcp.Record(nil), w.recs[1]...)
	w.mu.Unlock()
	log := history.NewLog()
	log.Append(recs...)
	if pr := log.PairOf(call.Seq); pr == nil || pr.State != history.StateCancelled {
		t.Errorf("the slow call's row reads %v, want %s", pr, history.StateCancelled)
	}
}

// A client sends tools/call first with id 5 and, while it waits,
// tools/call second with id 5 again, to a streamable server that answers
// each on its own POST's stream, the first call first. That answer is the
// first call's (late, as its id was used again), and the second's is the
// second's. Before, pairing by order gave the first answer to the second
// call and the second answer to the first.
func TestReusedIDAnswersPairByTheirOwnStreams(t *testing.T) {
	secondIn, firstDone := make(chan struct{}), make(chan struct{})
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch {
		case x.Method != "tools/call":
			x.Default()
		case strings.Contains(string(x.Params), `"first"`):
			x.SSE()
			if x.FlushHeaders() != nil {
				return
			}
			select {
			case <-secondIn:
			case <-x.Context().Done():
				return
			}
			x.Result(map[string]any{"content": []any{map[string]any{"type": "text", "text": "answer to first"}}})
			close(firstDone)
		default:
			close(secondIn)
			select {
			case <-firstDone:
			case <-x.Context().Done():
				return
			}
			x.Result(map[string]any{"content": []any{map[string]any{"type": "text", "text": "answer to second"}}})
		}
	}})
	_, base, w := startProxy(t, fake.URL, Config{})
	sid := rawInitialize(t, base)
	in := []string{"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"}
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, in...).Body)
	call := func(tool string, done chan<- string) {
		resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"`+tool+`","arguments":{}}}`, in...)
		done <- readAll(t, resp.Body)
	}
	first, second := make(chan string, 1), make(chan string, 1)
	go call("first", first)
	one := w.record(t, 1, "the first call relayed", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC.Tool == "first"
	})
	w.record(t, 1, "the first call's stream opened upstream", func(r mcp.Record) bool {
		return r.HTTP != nil && r.HTTP.ReqSeq == one.Seq && r.HTTP.Status == 200
	})
	go call("second", second)
	if got := <-first; !strings.Contains(got, "answer to first") {
		t.Fatalf("the first call's client got %q", got)
	}
	if got := <-second; !strings.Contains(got, "answer to second") {
		t.Fatalf("the second call's client got %q", got)
	}
	two := w.record(t, 1, "the second call relayed", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC.Tool == "second"
	})
	a1 := w.record(t, 1, "the first call's answer", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && strings.Contains(string(r.RPC.Raw), "answer to first")
	})
	a2 := w.record(t, 1, "the second call's answer", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && strings.Contains(string(r.RPC.Raw), "answer to second")
	})
	if a1.RPC.Class != mcp.ClassLate || a1.RPC.ReqSeq != one.Seq {
		t.Errorf("the first call's answer is %s to record %d, want late to the first call (%d)\n%s", a1.RPC.Class, a1.RPC.ReqSeq, one.Seq, w.dump())
	}
	if a2.RPC.Class != mcp.ClassResponse || a2.RPC.ReqSeq != two.Seq {
		t.Errorf("the second call's answer is %s to record %d, want the second call's answer (%d)\n%s", a2.RPC.Class, a2.RPC.ReqSeq, two.Seq, w.dump())
	}
}
