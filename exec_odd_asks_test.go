package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// What a server asks in odd shapes is still described whole: a role that
// is no string shows as it came (not ": a"), a role of neither user nor
// assistant is marked, a system prompt that is no string is shown, not
// dropped, and a form with no fields says so rather than "accept  · or".
func TestExecDescribesOddQuestions(t *testing.T) {
	stateDir(t)
	url := askingServer(t, `{"resultType":"input_required","requestState":"s","inputRequests":{`+
		`"s":{"method":"sampling/createMessage","params":{"maxTokens":5,"systemPrompt":{"be":"brief"},"messages":[`+
		`{"role":7,"content":{"type":"text","text":"a"}},{"role":"wizard","content":{"type":"text","text":"b"}}]}},`+
		`"e":{"method":"elicitation/create","params":{"message":7,"requestedSchema":{"type":"object","properties":{}}}}}}`)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", url, "tools/call anything")
	for _, want := range []string{
		`system prompt “{"be":"brief"} (not a string)”`,
		"7 (a role that is not a string): a / wizard (not user or assistant): b",
		"7 (not a string) — accept (the form asks for no fields), decline or cancel",
	} {
		if code != exitFailed || !strings.Contains(errOut, want) {
			t.Errorf("exit %d, want %q on stderr:\n%s\n%s", code, want, out, errOut)
		}
	}
}

// A prompt message of a role other than user and assistant is marked as
// the server's oddity, where it read like any other turn.
func TestExecMarksAPromptRoleOfNeither(t *testing.T) {
	stateDir(t)
	srv := mcptest.StatelessOnMethod(t, "prompts/get", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"messages":[{"role":"wizard","content":{"type":"text","text":"abracadabra"}}]}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "prompts/get spell")
	if want := "wizard (not user or assistant): abracadabra"; code != exitOK || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %q:\n%s\n%s", code, want, out, errOut)
	}
}

// A form's default that its own schema refuses (a string for a number) is
// sent as the server gave it, with a word: before, it went unsaid, as if
// the user had answered it.
func TestExecSaysAnOddDefaultItSends(t *testing.T) {
	stateDir(t)
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		if strings.Contains(string(x.Params), "inputResponses") {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[{"type":"text","text":"thanks"}]}}`)
			return
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":"s","inputRequests":{` +
			`"e":{"method":"elicitation/create","params":{"message":"How many?","requestedSchema":{"type":"object","properties":{"d":{"type":"number","default":"notanumber"}}}}}}}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--answer", "e accept", srv.URL, "tools/call anything")
	want := `d: the server's default, sent as it gave it: "notanumber" is a string, schema says type number`
	if code != exitOK || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, want %q on stderr:\n%s\n%s", code, want, out, errOut)
	}
}
