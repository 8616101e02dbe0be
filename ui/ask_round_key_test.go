package ui

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// ↑ in a 2026 round's question brings back what was typed into the same
// question asked again, and nothing into another form the server names
// with the same key (another tool's round, another server's): a token
// typed into one form was offered into the next whose key was also "a".
func TestRoundUpBringsBackOnlyTheSameQuestionsTyping(t *testing.T) {
	tokenForm := `{"message":"Token?","requestedSchema":{"type":"object","properties":{"token":{"type":"string"}}}}`
	m, first := askModelAt(t, 160, 45, mcp.InputRequest{Key: "a", Method: "elicitation/create", Params: json.RawMessage(tokenForm), Round: true})
	typeKeys(m, "accept token=hunter2")
	m.Update(keyMsg("enter"))
	if r := answerOf(t, first); r.err != nil {
		t.Fatalf("the token form's answer: %v", r.err)
	}
	ask := func(params string) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		t.Cleanup(cancel)
		m.Update(questionMsg{&Question{Req: mcp.InputRequest{Key: "a", Method: "elicitation/create", Params: json.RawMessage(params), Round: true}, ctx: ctx, reply: make(chan reply, 1)}})
	}
	// Another form of key a, typed into then dismissed: its own line,
	// not the token, is what the third form must not get either.
	ask(formParams)
	press(m, "up")
	if got := m.ask.input.Value(); got != "" {
		t.Errorf("↑ in another form of key a brought back %q, want nothing", got)
	}
	typeKeys(m, "accept name=Ann")
	press(m, "esc")
	ask(`{"message":"Other?","requestedSchema":{"type":"object","properties":{"x":{"type":"string"}}}}`)
	press(m, "up")
	if got := m.ask.input.Value(); got != "" {
		t.Errorf("↑ in a third form of key a brought back %q, want nothing", got)
	}
	typeKeys(m, "decline")
	m.Update(keyMsg("enter"))
	ask(tokenForm)
	press(m, "up")
	if got := m.ask.input.Value(); got != "accept token=hunter2" {
		t.Errorf("↑ in the token form asked again brought back %q, want what was typed into it", got)
	}
}
