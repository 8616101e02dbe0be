package mcp

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// slowPerson is an Answerer that is still thinking when the server gives
// up: it answers only once its question is withdrawn, as a person who
// clicks just too late, and says why the question ended.
type slowPerson struct {
	asked chan struct{}
	gone  chan error
}

func newSlowPerson() *slowPerson {
	return &slowPerson{asked: make(chan struct{}, 1), gone: make(chan error, 1)}
}

func (p *slowPerson) Answer(ctx context.Context, _ InputRequest) (json.RawMessage, error) {
	p.asked <- struct{}{}
	<-ctx.Done()
	p.gone <- context.Cause(ctx)
	return json.RawMessage(`{"action":"accept","content":{"name":"Ann"}}`), nil
}

// askThenCancel is a server's tools/call that elicits a name as q-1, waits
// until the person is looking at the question, and then withdraws it with
// notifications/cancelled carrying params, so the cancellation can only
// reach a question already in front of the user.
func askThenCancel(person *slowPerson, params map[string]any) func(*mcptest.Exchange) {
	return mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		_ = x.Event(elicitQ1("Your name?"))
		select {
		case <-person.asked:
		case <-x.Context().Done():
			return
		}
		_ = x.Notify("notifications/cancelled", params)
		x.Result(mcptest.TextResult("gave up asking", false))
	})
}

// elicitQ1 is an elicitation the server asks as id "q-1".
func elicitQ1(message string) string {
	return `{"jsonrpc":"2.0","id":"q-1","method":"elicitation/create","params":{"message":"` + message + `","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}}`
}

// withdrawnCause waits for the person's question to end and returns why;
// it fails the test if the question is still open when ctx ends.
func withdrawnCause(t *testing.T, ctx context.Context, person *slowPerson) error {
	t.Helper()
	select {
	case cause := <-person.gone:
		return cause
	case <-ctx.Done():
		t.Fatal("the question was never withdrawn")
		return nil
	}
}

// questionCancelledAtOnce calls a tool whose server asks a sampling
// question (id 7) and sends cancel, raw, right behind it, in the same
// breath; it returns why the person's question ended.
func questionCancelledAtOnce(t *testing.T, cancel string) error {
	t.Helper()
	person := newSlowPerson()
	handle := mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		_ = x.Event(`{"jsonrpc":"2.0","id":7,"method":"sampling/createMessage","params":{"messages":[],"maxTokens":5}}`)
		_ = x.Event(cancel)
		x.Result(mcptest.TextResult("never mind", false))
	})
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: handle}, Config{Answerer: person, RequestTimeout: 5 * time.Second})
	ctx := testCtx(t)
	if _, err := s.CallTool(ctx, "ask", []byte(`{}`)); err != nil {
		t.Fatalf("tools/call: %v", err)
	}
	return withdrawnCause(t, ctx, person)
}
