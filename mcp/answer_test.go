package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// scripted answers input requests from a table by method, and keeps what
// it was asked.
type scripted struct {
	mu     sync.Mutex
	asked  []InputRequest
	answer map[string]string
}

func (a *scripted) Answer(_ context.Context, r InputRequest) (json.RawMessage, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.asked = append(a.asked, r)
	if res, ok := a.answer[r.Method]; ok {
		return json.RawMessage(res), nil
	}
	return nil, ErrNoAnswer
}

// A two-round chain is answered: an elicitation, then roots (from the
// list) and a sampled message, each round sent again with a new id, the
// answers and the same requestState, and linked in the log.
func TestMultiRoundTrip(t *testing.T) {
	ans := &scripted{answer: map[string]string{
		"elicitation/create":     `{"action":"accept","content":{"name":"Ada"}}`,
		"sampling/createMessage": `{"role":"assistant","content":{"type":"text","text":"a fine trip"},"model":"typed"}`,
	}}
	_, s, rec := dialStateless(t, mcptest.StatelessOptions{}, Config{Answerer: ans, Roots: []Root{{URI: "file:///home/ada"}}})
	resp, err := s.CallTool(testCtx(t), "trip", []byte(`{}`))
	if err != nil || resp.Error != nil {
		t.Fatalf("trip = %v, %v", resp, err)
	}
	if !strings.Contains(string(resp.Result), "trip for Ada; roots: file:///home/ada; summary: a fine trip") {
		t.Errorf("trip answered %s", resp.Result)
	}
	// Records reach the collector after the call returns; they come in
	// order, so once the final answer is there, every round is.
	rec.waitFor(t, "the final answer's record", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC != nil && strings.Contains(string(r.RPC.Raw), "trip for Ada")
	})
	var rounds []*RPCMessage
	for _, r := range rec.all() {
		if r.Kind == KindSent && r.RPC.Method == "tools/call" {
			rounds = append(rounds, r.RPC)
		}
	}
	if len(rounds) != 3 || rounds[1].Chain == 0 || rounds[2].Chain != rounds[1].Chain || rounds[1].ID == rounds[0].ID {
		t.Errorf("rounds %d, chains %v; want 3 rounds linked to the first, each with a new id", len(rounds), rounds)
	}
	if len(ans.asked) != 2 {
		t.Errorf("the answerer was asked %d times, want the elicitation and the sampling (roots come from the list)", len(ans.asked))
	}
}

// With nothing to answer, the request fails saying which input was needed.
func TestMultiRoundTripWithoutAnswers(t *testing.T) {
	_, s, _ := dialStateless(t, mcptest.StatelessOptions{}, Config{Answerer: &scripted{}})
	_, err := s.CallTool(testCtx(t), "confirm", []byte(`{"action":"deploy"}`))
	var ire *InputRequiredError
	if !errors.As(err, &ire) || len(ire.Missing) != 1 || ire.Missing[0].Key != "confirm" || !strings.Contains(err.Error(), "needs input that was not given: elicitation/create") {
		t.Fatalf("confirm without an answer = %v, want the input named", err)
	}
}

// In the 2025 eras the server asks on its stream, and the same answerer
// answers by POST.
func TestServerRequestsAreAnswered(t *testing.T) {
	ans := &scripted{answer: map[string]string{"elicitation/create": `{"action":"decline"}`}}
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{}, Config{Answerer: ans, Roots: []Root{{URI: "file:///r", Name: "r"}}})
	ctx := testCtx(t)
	for _, tt := range []struct{ method, params, want string }{
		{"roots/list", `{}`, `"uri":"file:///r"`},
		{"elicitation/create", `{}`, `"action":"decline"`},
		{"sampling/createMessage", `{"messages":[],"maxTokens":1}`, `-32603`},
		{"nothing/known", `{}`, `-32601`},
	} {
		resp, err := s.CallTool(ctx, "ask", []byte(`{"method":"`+tt.method+`","params":`+tt.params+`}`))
		if err != nil || !strings.Contains(string(resp.Raw), strings.ReplaceAll(tt.want, `"`, `\"`)) && !strings.Contains(string(resp.Raw), tt.want) {
			t.Errorf("%s answered %v (%v), want %s", tt.method, resp, err, tt.want)
		}
	}
}
