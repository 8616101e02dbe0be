package ui

import (
	"context"
	"encoding/json"
	"runtime"
	"strconv"
	"strings"
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
		askAnother(t, m, mcp.InputRequest{Key: "a", Method: "elicitation/create", Params: json.RawMessage(params), Round: true})
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

// Typing again into a question whose typing is kept, with maxTyped kept,
// keeps the others': it emptied the store, and ↑ in every other question
// asked again brought back nothing.
func TestRoundTypingKeptWhenAQuestionIsTypedIntoAgain(t *testing.T) {
	var a askPrompt
	question := func(i int) *Question {
		return &Question{Req: mcp.InputRequest{Key: "a", Method: "elicitation/create", Params: json.RawMessage(`{"message":"` + strconv.Itoa(i) + `"}`), Round: true}}
	}
	for i := range maxTyped {
		a.keep(question(i), "accept n="+strconv.Itoa(i))
	}
	a.keep(question(0), "accept n=again")
	if got := a.kept(question(1)); got != "accept n=1" {
		t.Errorf("↑ in question 1 asked again brings back %q after question 0 was typed into again, want accept n=1", got)
	}
	if got := a.kept(question(0)); got != "accept n=again" {
		t.Errorf("↑ in question 0 asked again brings back %q, want its newest typing", got)
	}
}

// The typing kept for ↑ holds what was typed, not the server's names for
// its questions: a server naming each question with a key of 64 KiB held
// 16 MiB past the log's bound, the 256 questions' keys.
func TestRoundTypingKeptHoldsNoServerKeys(t *testing.T) {
	var a askPrompt
	long := strings.Repeat("k", 64<<10)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range maxTyped {
		a.keep(&Question{Req: mcp.InputRequest{Key: long + strconv.Itoa(i), Method: "elicitation/create", Round: true}}, "accept")
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 2<<20 {
		t.Errorf("keeping %d questions' typing holds %d bytes, want their keys let go", maxTyped, grew)
	}
	if len(a.typed) != maxTyped {
		t.Errorf("the store holds %d questions' typing, want %d", len(a.typed), maxTyped)
	}
}

// ↑ in a server's own question (a 2025 elicitation) brings back what was
// typed into the same question asked before, and nothing typed into
// another: it brought back the last line left unsent in any form, so a
// token typed into one and dismissed was offered into the next form.
func TestServerQuestionUpBringsBackOnlyItsOwnTyping(t *testing.T) {
	tokenForm := `{"message":"Token?","requestedSchema":{"type":"object","properties":{"token":{"type":"string"}}}}`
	m, first := askModelAt(t, 160, 45, mcp.InputRequest{Method: "elicitation/create", Params: json.RawMessage(tokenForm)})
	typeKeys(m, "accept token=hunter2")
	press(m, "esc")
	if r := answerOf(t, first); r.err != nil || !strings.Contains(string(r.res), "cancel") {
		t.Fatalf("esc answered the token form %s, %v; want action cancel", r.res, r.err)
	}
	ask := func(params string) {
		askAnother(t, m, mcp.InputRequest{Method: "elicitation/create", Params: json.RawMessage(params)})
	}
	ask(formParams)
	press(m, "up")
	if got := m.ask.input.Value(); got != "" {
		t.Errorf("↑ in another form brought back %q, want nothing", got)
	}
	typeKeys(m, "accept name=Ann")
	press(m, "esc")
	ask(tokenForm)
	press(m, "up")
	if got := m.ask.input.Value(); got != "accept token=hunter2" {
		t.Errorf("↑ in the token form asked again brought back %q, want what was typed into it", got)
	}
}

// askAnother puts the question req to m, which waits a minute at most for
// its answer.
func askAnother(t *testing.T, m *Model, req mcp.InputRequest) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	m.Update(questionMsg{&Question{Req: req, ctx: ctx, reply: make(chan reply, 1)}})
}

// ↑ in a question the server asks again with another _meta (a new
// progressToken, a related task's id) brings back what was typed into it:
// _meta was part of what told questions apart, so the same form asked
// again under a new token brought back nothing. Another question with
// that same _meta still gets nothing.
func TestQuestionAskedAgainWithAnotherMetaBringsBackItsTyping(t *testing.T) {
	m, first := askModelAt(t, 160, 45, mcp.InputRequest{Method: "elicitation/create",
		Params: json.RawMessage(`{"_meta":{"progressToken":1},"message":"Token?","requestedSchema":{"type":"object","properties":{"token":{"type":"string"}}}}`)})
	typeKeys(m, "accept token=hunter2")
	press(m, "esc")
	if r := answerOf(t, first); r.err != nil {
		t.Fatalf("the token form's answer: %v", r.err)
	}
	askAnother(t, m, mcp.InputRequest{Method: "elicitation/create",
		Params: json.RawMessage(`{"message":"Other?","_meta":{"progressToken":2},"requestedSchema":{"type":"object","properties":{"token":{"type":"string"}}}}`)})
	press(m, "up")
	if got := m.ask.input.Value(); got != "" {
		t.Errorf("↑ in another form with the same _meta brought back %q, want nothing", got)
	}
	press(m, "esc")
	askAnother(t, m, mcp.InputRequest{Method: "elicitation/create",
		Params: json.RawMessage(`{"message":"Token?","requestedSchema":{"type":"object","properties":{"token":{"type":"string"}}},"_meta":{"progressToken":2,"io.modelcontextprotocol/related-task":{"taskId":"t-9"}}}`)})
	press(m, "up")
	if got := m.ask.input.Value(); got != "accept token=hunter2" {
		t.Errorf("↑ in the token form asked again with another _meta brought back %q, want what was typed into it", got)
	}
}
