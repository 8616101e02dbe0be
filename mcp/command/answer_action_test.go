package command

import (
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A mistyped answer to an elicitation names the action meant, and a
// link's (mode url) does not ask for the form fields it takes none of:
// "acept" was told to give "the form's fields as key=value" under a
// question that only asked to open a page.
func TestElicitationActionTypo(t *testing.T) {
	form := json.RawMessage(`{"message":"Deploy?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}`)
	link := json.RawMessage(`{"mode":"url","message":"Link it","url":"http://127.0.0.1:1/link","elicitationId":"e1"}`)
	for _, c := range []struct {
		params json.RawMessage
		line   string
		want   string
	}{
		{form, "acept name=x", `"acept": did you mean accept? answer with accept, decline or cancel, then the form's fields as key=value`},
		{link, "acept", `"acept": did you mean accept? answer with accept, decline or cancel`},
		{link, "Decilne", `"Decilne": did you mean decline? answer with accept, decline or cancel`},
		{link, "whatever", `"whatever": answer with accept, decline or cancel`},
	} {
		_, _, err := ParseAnswer(mcp.InputRequest{Method: "elicitation/create", Params: c.params}, c.line)
		if err == nil || err.Error() != c.want {
			t.Errorf("ParseAnswer(%q) error = %v, want %q", c.line, err, c.want)
		}
	}
}
