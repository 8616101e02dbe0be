package mcp

import (
	"errors"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that withdraws its elicitation with notifications/cancelled
// gets no answer to it: the question in front of the user ends with the
// server's reason, the request's row is ended as cancelled, and nothing is
// POSTed back for the withdrawn id.
func TestServerCancelledQuestionIsWithdrawn(t *testing.T) {
	person := newSlowPerson()
	handle := askThenCancel(person, map[string]any{"requestId": "q-1", "reason": "nobody answered in 2s"})
	srv, s, rec := dialStreamable(t, mcptest.StreamableOptions{Handle: handle}, Config{Answerer: person})
	ctx := testCtx(t)
	if _, err := s.CallTool(ctx, "ask_name", []byte(`{}`)); err != nil {
		t.Fatalf("tools/call: %v", err)
	}
	cause := withdrawnCause(t, ctx, person)
	var sc *ServerCancelled
	if !errors.As(cause, &sc) || sc.Method != "elicitation/create" || sc.Reason != "nobody answered in 2s" {
		t.Fatalf("the question ended with %v, want the server's cancellation of elicitation/create with its reason", cause)
	}
	asked := rec.waitFor(t, "the server's question", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC != nil && r.RPC.Class == ClassServerRequest && r.RPC.ID == `"q-1"`
	})
	ended := rec.waitFor(t, "the question's end", func(r Record) bool {
		return r.Kind == KindError && r.Error != nil && r.Error.ReqSeq == asked.Seq
	})
	if ended.Error.Op != OpCancelled || !strings.Contains(ended.Error.Message, "nobody answered in 2s") || !strings.Contains(ended.Error.Message, "no answer was sent") {
		t.Errorf("the question's row ended with %+v, want op %q saying the server's reason and that nothing was sent", ended.Error, OpCancelled)
	}
	for _, r := range rec.all() {
		if r.Kind == KindSent && r.RPC != nil && r.RPC.Class == ClassReply {
			t.Errorf("a withdrawn question was answered: %s", r.RPC.Raw)
		}
	}
	for _, r := range srv.Requests() {
		if strings.Contains(string(r.Body), `"q-1"`) {
			t.Errorf("the server got an answer to its withdrawn question: %s", r.Body)
		}
	}
}

// A cancellation right behind its question, in the same breath, still
// withdraws it: the question is registered before the stream is read on.
func TestServerCancelledRightAway(t *testing.T) {
	cause := questionCancelledAtOnce(t, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}`)
	var sc *ServerCancelled
	if !errors.As(cause, &sc) || sc.Method != "sampling/createMessage" {
		t.Errorf("the question ended with %v, want the server's cancellation", cause)
	}
}

// A cancellation whose _meta is nested past encoding/json's 10,000 levels
// still withdraws its question: it is read with the one JSON scanner, as
// the question was.
func TestServerCancelledDeepMeta(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	cause := questionCancelledAtOnce(t, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"deep","_meta":{"x":`+deep+`}}}`)
	var sc *ServerCancelled
	if !errors.As(cause, &sc) || sc.Method != "sampling/createMessage" || sc.Reason != "deep" {
		t.Errorf("the question ended with %v, want the server's cancellation with its reason", cause)
	}
}
