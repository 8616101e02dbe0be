package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answers each of our replies (a POST to be answered 202
// with no body) with another request of its own had mcpscope answer it,
// be asked again, and so on without end, the log and memory growing at
// full speed. Past maxAskedOnReplies in a row the next goes unanswered,
// saying why, which ends the loop; a request of ours starts the count
// afresh.
func TestServerAskingOnEachReplyIsNotAnsweredForEver(t *testing.T) {
	var replies atomic.Int64
	url := mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, msg, id string) {
		switch {
		case strings.Contains(msg, `"method":"initialize"`):
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"looper","version":"1"}}}`)
		case strings.Contains(msg, `"method":"tools/call"`):
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprint(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"q0\",\"method\":\"roots/list\"}\n\n")
			fmt.Fprint(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":"+id+",\"result\":{\"content\":[]}}\n\n")
		case strings.Contains(msg, `"result"`):
			n := replies.Add(1)
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":"q%d","method":"roots/list"}`, n)
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	})
	s, rec := connect(t, Config{URL: url, Transport: TransportStreamable, NoGetStream: true})
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("Initialize: %v", err)
	}
	if _, err := s.CallTool(testCtx(t), "ask", []byte(`{}`)); err != nil {
		t.Fatalf("CallTool: %v", err)
	}
	r := rec.waitFor(t, "the loop said", func(r Record) bool {
		return r.Kind == KindError && r.Error.Op == OpReply && r.Error.Cause == CauseFlooded
	})
	if msg := r.Error.Message; !strings.Contains(msg, "roots/list") || !strings.Contains(msg, "a loop") || !strings.Contains(msg, "202 with no body") {
		t.Errorf("the loop's words do not say what the server did: %s", msg)
	}
	if n := replies.Load(); n != maxAskedOnReplies+1 {
		t.Errorf("%d replies reached the server, want %d: the first question's, then %d in the loop", n, maxAskedOnReplies+1, maxAskedOnReplies)
	}
	// A request of ours starts afresh: the server may ask again, once.
	if _, err := s.CallTool(testCtx(t), "ask", []byte(`{}`)); err != nil {
		t.Fatalf("CallTool again: %v", err)
	}
	rec.waitFor(t, "the second loop said", func(x Record) bool {
		return x.Kind == KindError && x.Error.Op == OpReply && x.Error.Cause == CauseFlooded && x.Seq > r.Seq
	})
	if n := replies.Load(); n != 2*(maxAskedOnReplies+1) {
		t.Errorf("%d replies reached the server, want %d", n, 2*(maxAskedOnReplies+1))
	}
}
