package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// heldPerson holds every question until it is withdrawn, but answers at
// once the one whose message is quick; it tells of each question asked
// and why each held one ended.
type heldPerson struct {
	quick string
	asked chan string
	gone  chan error
}

func (p *heldPerson) Answer(ctx context.Context, in InputRequest) (json.RawMessage, error) {
	var q struct{ Message string }
	_ = json.Unmarshal(in.Params, &q)
	p.asked <- q.Message
	if q.Message != p.quick {
		<-ctx.Done()
		p.gone <- context.Cause(ctx)
	}
	return json.RawMessage(`{"action":"accept","content":{"name":"Ann"}}`), nil
}

// askTwiceAsQ1 is a server's tools/call that asks "first" and "second"
// both as "q-1", waits until both are in front of the person, calls
// between (the test's moment to wait for what it needs), and then cancels
// "q-1".
func askTwiceAsQ1(person *heldPerson, between func()) func(*mcptest.Exchange) {
	return mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		_ = x.Event(elicitQ1("first"))
		_ = x.Event(elicitQ1("second"))
		for range 2 {
			select {
			case <-person.asked:
			case <-x.Context().Done():
				return
			}
		}
		between()
		_ = x.Notify("notifications/cancelled", map[string]any{"requestId": "q-1", "reason": "changed my mind"})
		x.Result(mcptest.TextResult("done", false))
	})
}

// heldWithdrawn waits for n held questions to end, failing unless each
// ended with the server's cancellation.
func heldWithdrawn(t *testing.T, ctx context.Context, person *heldPerson, n int) {
	t.Helper()
	for i := range n {
		select {
		case cause := <-person.gone:
			var sc *ServerCancelled
			if !errors.As(cause, &sc) || sc.Reason != "changed my mind" {
				t.Fatalf("question %d ended with %v, want the server's cancellation", i+1, cause)
			}
		case <-ctx.Done():
			t.Fatalf("%d of %d questions asked as q-1 were never withdrawn", n-i, n)
		}
	}
}

// A server that asks twice with one id, both questions waiting, and then
// cancels that id, withdraws both: neither stays in front of the user and
// neither is answered.
func TestServerCancelledSameIDWithdrawsEveryWaitingQuestion(t *testing.T) {
	person := &heldPerson{asked: make(chan string, 2), gone: make(chan error, 2)}
	srv, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: askTwiceAsQ1(person, func() {})}, Config{Answerer: person})
	ctx := testCtx(t)
	if _, err := s.CallTool(ctx, "ask", []byte(`{}`)); err != nil {
		t.Fatalf("tools/call: %v", err)
	}
	heldWithdrawn(t, ctx, person, 2)
	for _, r := range srv.Requests() {
		if strings.Contains(string(r.Body), `"q-1"`) {
			t.Errorf("the server got an answer to its withdrawn question: %s", r.Body)
		}
	}
}

// A server that asks twice with one id can still withdraw the second once
// the first is answered: answering the first does not forget the second.
func TestServerCancelledSameIDAfterTheFirstIsAnswered(t *testing.T) {
	person := &heldPerson{quick: "first", asked: make(chan string, 2), gone: make(chan error, 1)}
	var srv atomic.Pointer[mcptest.StreamableServer]
	firstAnswered := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, _ = srv.Load().WaitRequest(ctx, func(r mcptest.Request) bool { return strings.Contains(string(r.Body), `"q-1"`) })
	}
	dialed, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: askTwiceAsQ1(person, firstAnswered)}, Config{Answerer: person})
	srv.Store(dialed)
	ctx := testCtx(t)
	if _, err := s.CallTool(ctx, "ask", []byte(`{}`)); err != nil {
		t.Fatalf("tools/call: %v", err)
	}
	heldWithdrawn(t, ctx, person, 1)
}
