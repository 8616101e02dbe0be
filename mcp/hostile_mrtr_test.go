package mcp

import (
	"errors"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// inputAskServer is a 2026 server whose every tools/call answers result,
// the rest as a well-behaved server would.
func inputAskServer(t *testing.T, result string) (*mcptest.StatelessServer, *Session) {
	t.Helper()
	srv, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":` + result + `}`)
	})}, Config{NoListen: true})
	return srv, s
}

// requestsOf counts the requests of method among reqs, those a fake got.
func requestsOf(reqs []mcptest.Request, method string) int {
	n := 0
	for _, r := range reqs {
		if r.RPCMethod == method {
			n++
		}
	}
	return n
}

// An input_required answer that cannot be followed fails the request at
// once, saying what is wrong with it: it is neither a complete result (a
// success) nor something to send again and again.
func TestStatelessMalformedInputRequired(t *testing.T) {
	for _, tc := range []struct{ name, result, want string }{
		{"state object", `{"resultType":"input_required","inputRequests":{"r":{"method":"roots/list"}},"requestState":{"a":1}}`, "requestState is an object"},
		{"requests array", `{"resultType":"input_required","inputRequests":[1,2],"requestState":"s"}`, "inputRequests is an array"},
		{"request number", `{"resultType":"input_required","inputRequests":{"a":5},"requestState":"s"}`, `inputRequests["a"] is not a request with a method: 5`},
		{"request without method", `{"resultType":"input_required","inputRequests":{"a":{"params":{}}}}`, `inputRequests["a"] is not a request with a method`},
		{"asks nothing", `{"resultType":"input_required"}`, "asks for nothing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, s := inputAskServer(t, tc.result)
			_, err := s.CallTool(testCtx(t), "anything", []byte(`{}`))
			if CauseOf(err) != CauseBadInputAsk || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("tools/call = %v (cause %q), want a %q error saying %q", err, CauseOf(err), CauseBadInputAsk, tc.want)
			}
			if n := requestsOf(srv.Requests(), "tools/call"); n != 1 {
				t.Errorf("the server got %d tools/call, want 1: nothing could be answered", n)
			}
		})
	}
}

// A server that asks for input after every answer is stopped after a
// bounded number of rounds, with a cause of its own (not a size bound).
func TestStatelessInputRequiredForever(t *testing.T) {
	srv, s := inputAskServer(t, `{"resultType":"input_required","inputRequests":{"r":{"method":"roots/list","params":{}}},"requestState":"again"}`)
	_, err := s.CallTool(testCtx(t), "anything", []byte(`{}`))
	var we *WireError
	if !errors.As(err, &we) || we.Cause != CauseInputRounds || !strings.Contains(err.Error(), "after 8 rounds") {
		t.Fatalf("tools/call = %v, want %q after 8 rounds", err, CauseInputRounds)
	}
	if n := requestsOf(srv.Requests(), "tools/call"); n != maxRounds {
		t.Errorf("the server got %d tools/call, want %d", n, maxRounds)
	}
}

// Only the 2026 revision gives resultType a meaning: a 2025 server whose
// tools/call result says input_required has answered, and the call ends
// with that result as any 2025 client reads it, sent once, not followed
// as a question (which sent it again with inputResponses the server never
// asked for, or failed it as a malformed ask).
func TestInputRequiredOn2025SessionIsTheResult(t *testing.T) {
	result := `{"resultType":"input_required","inputRequests":{"r":{"method":"roots/list"}},"requestState":"s","content":[{"type":"text","text":"as it is"}]}`
	srv, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":` + result + `}`)
	})}, Config{NoListen: true})
	ctx := testCtx(t)
	if _, err := s.Initialize(ctx); err != nil {
		t.Fatalf("Initialize: %v", err)
	}
	resp, err := s.CallTool(ctx, "anything", []byte(`{}`))
	if err != nil || resp == nil || !strings.Contains(string(resp.Result), `"as it is"`) {
		t.Fatalf("tools/call = %v, %v; want the server's result", resp, err)
	}
	if n := requestsOf(srv.Requests(), "tools/call"); n != 1 {
		t.Errorf("the server got %d tools/call, want the one sent", n)
	}
}
