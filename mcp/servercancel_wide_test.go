package mcp

import (
	"errors"
	"fmt"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server's notifications/cancelled whose requestId comes after hundreds
// of other members still withdraws the question it names.
func TestServerCancelledPastManyMembers(t *testing.T) {
	person := &slowPerson{asked: make(chan struct{}, 1), gone: make(chan error, 1)}
	handle := func(x *mcptest.Exchange) {
		if x.Method != "tools/call" {
			x.Default()
			return
		}
		_ = x.Event(`{"jsonrpc":"2.0","id":"q-1","method":"elicitation/create","params":{"message":"Your name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}}`)
		select {
		case <-person.asked:
		case <-x.Context().Done():
			return
		}
		params := map[string]any{"requestId": "q-1", "reason": "gave up"}
		for i := range 300 {
			params[fmt.Sprintf("a%03d", i)] = map[string]any{"x": []int{1}} // sorted before requestId
		}
		_ = x.Notify("notifications/cancelled", params)
		x.Result(mcptest.TextResult("gave up asking", false))
	}
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: handle}, Config{Answerer: person})
	ctx := testCtx(t)
	if _, err := s.CallTool(ctx, "ask_name", []byte(`{}`)); err != nil {
		t.Fatalf("tools/call: %v", err)
	}
	select {
	case cause := <-person.gone:
		var sc *ServerCancelled
		if !errors.As(cause, &sc) || sc.Reason != "gave up" {
			t.Fatalf("the question ended with %v, want the server's cancellation with its reason", cause)
		}
	case <-ctx.Done():
		t.Fatal("the question was never withdrawn")
	}
}
