package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// What went unanswered is followed by an answer that can be copied, its
// required fields filled with placeholders: exec said "answer it with
// --answer 'confirm ...'", and the words of an answer were to be found in
// the help. The answer as shown is taken.
func TestUnansweredFormShowsAnAnswerToCopy(t *testing.T) {
	stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL
	for _, tc := range []struct{ endpoint, want string }{
		{"/stateless", "answer it with --answer 'confirm accept name=NAME confirm:=true'"},
		{"/mcp", "answer it with --answer 'elicitation accept name=NAME confirm:=true'"},
	} {
		out, errOut, code := run(t, "exec", "--no-record", url+tc.endpoint, "tools/call confirm")
		if code != exitFailed || !strings.Contains(out+errOut, tc.want) {
			t.Fatalf("%s: exit %d, want %q:\n%s\n%s", tc.endpoint, code, tc.want, out, errOut)
		}
		answer := strings.TrimSuffix(strings.TrimPrefix(tc.want, "answer it with --answer '"), "'")
		out, errOut, code = run(t, "exec", "--no-record", "--answer", answer, url+tc.endpoint, "tools/call confirm")
		if code != exitOK || !strings.Contains(out, "confirmed by NAME") {
			t.Errorf("%s with --answer %q: exit %d\n%s\n%s", tc.endpoint, answer, code, out, errOut)
		}
	}
	out, errOut, _ := run(t, "exec", "--no-record", url+"/stateless", "tools/call sample prompt=hi")
	if want := "--answer 'answer THE REPLY'"; !strings.Contains(out+errOut, want) {
		t.Errorf("sampling: want %q:\n%s\n%s", want, out, errOut)
	}
}

// A server's form whose first choice is 10 KB long is shown no answer to
// copy that long: the line would be one nobody copies, and the server
// chose its length.
func TestUnansweredFormOfAHugeChoiceShowsNoHugeAnswer(t *testing.T) {
	stateDir(t)
	choice := strings.Repeat("x", 10<<10)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != "tools/call" {
			x.Default()
			return
		}
		x.SSE()
		_, _ = x.ServerRequest(x.Context(), "elicitation/create", map[string]any{"message": "pick", "requestedSchema": map[string]any{
			"type": "object", "required": []string{"pick"},
			"properties": map[string]any{"pick": map[string]any{"type": "string", "enum": []string{choice}}}}})
		x.Result(map[string]any{"content": []any{}})
	}})
	out, errOut, _ := run(t, "exec", "--no-record", "--transport", "streamable", srv.Endpoint(), "tools/call pick")
	if !strings.Contains(out+errOut, "answer it with --answer 'elicitation ...'") || strings.Contains(out+errOut, choice) {
		t.Errorf("the answer to copy is not the short form, or holds the 10 KB choice:\n%.3000s\n%.3000s", out, errOut)
	}
}
