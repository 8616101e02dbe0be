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
	want := "reply to user: What is 2+2? Answer briefly. / assistant: [tool_use calc] / user: [tool_result] / user: [image] / user: and this? — type the reply, or decline"
	if got != want {
		t.Errorf("Describe =\n%q\nwant\n%q", got, want)
	}
	if strings.Contains(got, "[]") {
		t.Errorf("Describe shows a message as []: %q", got)
	}
}
