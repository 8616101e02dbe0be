package command

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A sampled message's content may be a list of blocks since 2025-11-25 (a
// turn with tool calls and their results): its text is still shown, and
// each other block by its type, instead of "[]" for the whole message.
func TestDescribeSamplingWithContentLists(t *testing.T) {
	params := `{"messages":[` +
		`{"role":"user","content":[{"type":"text","text":"What is 2+2?"},{"type":"text","text":"Answer briefly."}]},` +
		`{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"calc","input":{}}]},` +
		`{"role":"user","content":[{"type":"tool_result","toolUseId":"t1","content":[{"type":"text","text":"4"}]}]},` +
		`{"role":"user","content":{"type":"image","data":"AAAA","mimeType":"image/png"}},` +
		`{"role":"user","content":{"type":"text","text":"and this?"}}],"maxTokens":5}`
	got := Describe(mcp.InputRequest{Method: "sampling/createMessage", Params: json.RawMessage(params)})
	want := "max tokens 5 · reply to user: What is 2+2? Answer briefly. / assistant: [tool_use calc] / user: [tool_result] / user: [image] / user: and this? — type the reply, or decline"
	if got != want {
		t.Errorf("Describe =\n%q\nwant\n%q", got, want)
	}
	if strings.Contains(got, "[]") {
		t.Errorf("Describe shows a message as []: %q", got)
	}
}

// What bounds the reply is said before the messages (so a cut of a long
// conversation keeps it): maxTokens, the model preferences (hinted names,
// priorities) and the system prompt, each clipped, so the person answering
// by hand can answer as a model would.
func TestDescribeSamplingSaysWhatBoundsTheReply(t *testing.T) {
	long := strings.Repeat("be brief ", 100)
	params := `{"messages":[{"role":"user","content":{"type":"text","text":"Hi"}}],` +
		`"systemPrompt":"` + long + `","maxTokens":120,` +
		`"modelPreferences":{"hints":[{"name":"claude-3-sonnet"},{"name":"claude"}],"speedPriority":0.8,"intelligencePriority":0.5}}`
	got := Describe(mcp.InputRequest{Method: "sampling/createMessage", Params: json.RawMessage(params)})
	for _, want := range []string{"max tokens 120 · model hints claude-3-sonnet, claude, speed priority 0.8, intelligence priority 0.5 · system prompt “be brief be brief", "… (900 bytes)” · reply to user: Hi — type the reply, or decline"} {
		if !strings.Contains(got, want) {
			t.Errorf("Describe = %q, want it to hold %q", got, want)
		}
	}
	// Preferences that are not the object described are shown as they came.
	odd := Describe(mcp.InputRequest{Method: "sampling/createMessage", Params: json.RawMessage(`{"messages":[],"maxTokens":"lots","modelPreferences":["fast"]}`)})
	if !strings.HasPrefix(odd, `max tokens "lots" · model preferences ["fast"] · reply to`) {
		t.Errorf("Describe = %q, want the odd maxTokens and preferences as they came", odd)
	}
}

// What a sampling request asks is read after any number of other members
// of its params: an index bounded at 4,096 members lost the messages, the
// bounds and the system prompt past it.
func TestDescribeSamplingAfterManyMembers(t *testing.T) {
	params := `{` + strings.Repeat(`"m":1,`, 4100) + `"messages":[{"role":"user","content":{"type":"text","text":"Hi there"}}],"maxTokens":50,"systemPrompt":"Be brief"}`
	got := describeSampling([]byte(params))
	for _, want := range []string{"user: Hi there", "max tokens 50", "system prompt “Be brief”"} {
		if !strings.Contains(got, want) {
			t.Errorf("describeSampling after 4,100 members = %q, want it to say %q", got, want)
		}
	}
}

// A sampling request with no messages says so, where it read "reply to  —"
// with nothing after "reply to".
func TestDescribeSamplingWithNoMessages(t *testing.T) {
	got := Describe(mcp.InputRequest{Method: "sampling/createMessage", Params: json.RawMessage(`{"messages":[ ],"maxTokens":1}`)})
	want := "max tokens 1 · reply to nothing: the messages are empty — type the reply, or decline"
	if got != want {
		t.Errorf("Describe =\n%q\nwant\n%q", got, want)
	}
}
