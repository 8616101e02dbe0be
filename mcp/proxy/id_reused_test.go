package proxy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client sends tools/call slow with id 5 and, while it runs, tools/call
// greet with id 5 again, to the demo gateway through the proxy. The slow
// call is said to have had its id used again, and its answer, which comes
// after greet's, is its answer: its row reads ok. Before, the slow call
// waited for good (closed with the session) and its answer read as a
// second answer to greet; and then its row read "cancelled", a cancel
// nobody sent, above the answer it got.
func TestReusedIDLeavesTheEarlierRequestWaiting(t *testing.T) {
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
	said := w.record(t, 1, "the slow call's id said to be used again", func(r mcp.Record) bool {
		return r.Kind == mcp.KindError && r.Error.ReqSeq == call.Seq
	})
	if said.Error.Cause != mcp.CauseIDReused || said.Error.Op == mcp.OpCancelled || !strings.HasPrefix(said.Error.Message, mcp.IDReused+" (tools/call greet") {
		t.Errorf("the slow call's id used again is said as %s %s %q, want cause %s and no cancel", said.Error.Op, said.Error.Cause, said.Error.Message, mcp.CauseIDReused)
	}
	answer := w.record(t, 1, "the slow call's answer", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && strings.Contains(string(r.RPC.Raw), "done: worked")
	})
	if answer.RPC.Class != mcp.ClassResponse || answer.RPC.ReqSeq != call.Seq || answer.RPC.Tool != "slow" {
		t.Errorf("the slow call's answer is %s to record %d (tool %q), want the slow call's response (%d)\n%s", answer.RPC.Class, answer.RPC.ReqSeq, answer.RPC.Tool, call.Seq, w.dump())
	}
	w.mu.Lock()
	recs := append([]mcp.Record(nil), w.recs[1]...)
	w.mu.Unlock()
	// Until its answer, the row waits: nothing ended it, nor failed.
	log := history.NewLog()
	for _, r := range recs {
		if r.Seq > said.Seq {
			break
		}
		log.Append(r)
	}
	if pr := log.PairOf(call.Seq); pr == nil || pr.State != history.StatePending || pr.Failure != nil {
		t.Errorf("before its answer, the slow call's row is %s, want %s with no failure", rowSaid(pr), history.StatePending)
	}
	log = history.NewLog()
	log.Append(recs...)
	if pr := log.PairOf(call.Seq); pr == nil || pr.State != history.StateOK || pr.Response == nil || pr.Failure != nil {
		t.Errorf("the slow call's row is %s, want %s with its answer and no failure", rowSaid(pr), history.StateOK)
	}
}

// rowSaid is a row's state, and whether it has an answer and a failure.
func rowSaid(pr *history.Pair) string {
	if pr == nil {
		return "missing"
	}
	return fmt.Sprintf("%s (answered %v, failure %v)", pr.State, pr.Response != nil, pr.Failure != nil)
}

// A client sends tools/call first with id 5 and, while it waits,
// tools/call second with id 5 again, to a streamable server that answers
// each on its own POST's stream, the first call first. That answer is the
// first call's (it still waited, though its id was used again), and the
// second's is the second's. Before, pairing by order gave the first answer to the second
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
	if a1.RPC.Class != mcp.ClassResponse || a1.RPC.ReqSeq != one.Seq {
		t.Errorf("the first call's answer is %s to record %d, want the first call's response (%d)\n%s", a1.RPC.Class, a1.RPC.ReqSeq, one.Seq, w.dump())
	}
	if a2.RPC.Class != mcp.ClassResponse || a2.RPC.ReqSeq != two.Seq {
		t.Errorf("the second call's answer is %s to record %d, want the second call's answer (%d)\n%s", a2.RPC.Class, a2.RPC.ReqSeq, two.Seq, w.dump())
	}
}
