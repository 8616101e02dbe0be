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
	person := newSlowPerson()
	params := map[string]any{"requestId": "q-1", "reason": "gave up"}
	for i := range 300 {
		params[fmt.Sprintf("a%03d", i)] = map[string]any{"x": []int{1}} // sorted before requestId
	}
	handle := askThenCancel(person, params)
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: handle}, Config{Answerer: person})
	ctx := testCtx(t)
	if _, err := s.CallTool(ctx, "ask_name", []byte(`{}`)); err != nil {
		t.Fatalf("tools/call: %v", err)
	}
	cause := withdrawnCause(t, ctx, person)
	var sc *ServerCancelled
	if !errors.As(cause, &sc) || sc.Reason != "gave up" {
		t.Fatalf("the question ended with %v, want the server's cancellation with its reason", cause)
	}
}
