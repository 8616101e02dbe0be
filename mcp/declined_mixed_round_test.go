package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// decliningSampling declines every sampling request and answers nothing
// else, as exec does with --answer 'sampling decline' and nothing more.
type decliningSampling struct{}

func (decliningSampling) Answer(_ context.Context, req InputRequest) (json.RawMessage, error) {
	if req.Method == "sampling/createMessage" {
		return nil, ErrDeclined
	}
	return nil, ErrNoAnswer
}

// A 2026 round asking for a sampling the user declined and an elicitation
// nobody answered is not a decline: the call never got the input it
// needed, and says so. The sampling's key sorting first made the whole
// round read "declined" ("declined \"a\" (sampling/createMessage), \"b\"
// (elicitation/create)"), the elicitation said declined too, and the row
// ended "⊘ declined" where it had failed.
func TestInputRoundDeclinedBesideUnansweredIsNotADecline(t *testing.T) {
	_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","inputRequests":{` +
			`"a":{"method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":5}},` +
			`"b":{"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object"}}}},"requestState":"s"}}`)
	})}, Config{NoListen: true, Answerer: decliningSampling{}})
	_, err := s.CallTool(testCtx(t), "anything", []byte(`{}`))
	var ierr *InputRequiredError
	if !errors.As(err, &ierr) || len(ierr.Missing) != 2 {
		t.Fatalf("tools/call = %v, want both input requests left unanswered", err)
	}
	if errors.Is(err, ErrDeclined) || strings.HasPrefix(err.Error(), "declined") || !strings.Contains(err.Error(), "needs input that was not given") {
		t.Errorf("tools/call = %q, want it to say input was not given, not that the user declined", err)
	}
}

// Every question of a round declined is the user's decline, said as one.
func TestInputRoundAllDeclinedIsADecline(t *testing.T) {
	_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","inputRequests":{` +
			`"a":{"method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":5}},` +
			`"b":{"method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"ho"}}],"maxTokens":5}}},"requestState":"s"}}`)
	})}, Config{NoListen: true, Answerer: decliningSampling{}})
	_, err := s.CallTool(testCtx(t), "anything", []byte(`{}`))
	if !errors.Is(err, ErrDeclined) || !strings.HasPrefix(err.Error(), "declined") {
		t.Errorf("tools/call = %v, want the user's decline", err)
	}
}
