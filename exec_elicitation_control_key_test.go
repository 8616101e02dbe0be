package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A form whose field name holds an escape sequence is shown with the name
// Go-quoted, "n\x1b[2Jame", so that the terminal draws it whole; typed as
// shown, it answers that field, where it was an unknown key (its warning
// naming as known the very key typed) and the field could not be answered.
func TestExecAnswersAFieldNamedWithControlTextAsShown(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		answer, err := x.ServerRequest(x.Context(), "elicitation/create", map[string]any{"message": "who?",
			"requestedSchema": map[string]any{"type": "object", "properties": map[string]any{"n\x1b[2Jame": map[string]any{"type": "string"}}}})
		text := string(answer)
		if err != nil {
			text = err.Error()
		}
		x.Result(mcptest.TextResult(text, false))
	})
	out, errOut, code := run(t, "exec", "--no-record", `--answer=elicitation accept "n\x1b[2Jame"=Ann`, srv.Endpoint(), "tools/call echo text=hi")
	if code != exitOK || !strings.Contains(out, `"content":{"n\u001b[2Jame":"Ann"}`) || strings.Contains(errOut, "unknown key") {
		t.Errorf("exit %d, want the field answered by its name as shown:\n%s\n%s", code, out, errOut)
	}
}

// A form whose field names hold "=" or end in ":" is shown with them
// written \x3d and \x3a, "a\x3db"; typed as shown, each answers its field,
// where a=b=1 was key a with value b=1 and k:=2 key k, and the fields
// could not be answered at all.
func TestExecAnswersAFieldNamedWithEqualsAsShown(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		answer, err := x.ServerRequest(x.Context(), "elicitation/create", map[string]any{"message": "keys?",
			"requestedSchema": map[string]any{"type": "object", "properties": map[string]any{
				"a=b": map[string]any{"type": "string"}, "k:": map[string]any{"type": "integer"}}, "required": []string{"a=b", "k:"}}})
		text := string(answer)
		if err != nil {
			text = err.Error()
		}
		x.Result(mcptest.TextResult(text, false))
	})
	_, errOut, _ := run(t, "exec", "--no-record", srv.Endpoint(), "tools/call echo text=hi")
	if !strings.Contains(errOut, `"a\x3db"*: string`) || !strings.Contains(errOut, `"k\x3a"*: integer`) {
		t.Errorf("the question does not name the fields as they are typed:\n%s", errOut)
	}
	out, errOut, code := run(t, "exec", "--no-record", `--answer=elicitation accept "a\x3db"=1 "k\x3a"=2`, srv.Endpoint(), "tools/call echo text=hi")
	if code != exitOK || !strings.Contains(out, `"content":{"a=b":"1","k:":2}`) || strings.Contains(errOut, "unknown key") {
		t.Errorf("exit %d, want both fields answered by their names as shown:\n%s\n%s", code, out, errOut)
	}
}
