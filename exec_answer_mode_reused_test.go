package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// askingTwice is a 2026 server whose tools/call asks for first, then, once
// answered, for second, then finishes: each an inputRequests member,
// "key":{...}.
func askingTwice(t *testing.T, first, second string) string {
	t.Helper()
	ask := func(x *mcptest.Exchange, state, req string) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":"` + state + `","inputRequests":{` + req + `}}}`)
	}
	return mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		p := string(x.Params)
		switch {
		case strings.Contains(p, `"requestState":"s2"`):
			x.Result(mcptest.TextResult("done", false))
		case strings.Contains(p, "inputResponses"):
			ask(x, "s2", second)
		default:
			ask(x, "s1", first)
		}
	}).URL
}

const (
	formAsk = `"who":{"method":"elicitation/create","params":{"message":"Name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}}`
	urlAsk  = `"login":{"method":"elicitation/create","params":{"mode":"url","url":"https://bank.example/login","message":"Sign in","elicitationId":"1"}}`
)

// One --answer given for a form, reused for a later elicitation that asks
// to open a URL, is refused saying which answer was given for which ask
// and what the new one needs, where it said only that the URL's answer
// takes no fields, as if the person had typed them for it.
func TestExecFormAnswerReusedForAURLSaysSo(t *testing.T) {
	url := askingTwice(t, formAsk, urlAsk)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--answer", "elicitation accept name=Ann", url, "tools/call anything")
	want := "--answer 'elicitation accept name=Ann' was given for a form (it answered who) and does not fit login, which asks to open a URL (mode url) and takes no fields: give it its own, --answer 'login accept' (or decline, or cancel)"
	if code != exitFailed || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %d and %q:\n%s\n%s", code, exitFailed, want, out, errOut)
	}
	out, errOut, code = run(t, "exec", "--no-record", "--no-listen", "--answer", "elicitation accept name=Ann", "--answer", "login accept", url, "tools/call anything")
	if code != exitOK || !strings.Contains(out, "done") {
		t.Errorf("an answer for each: exit %d, want 0 and the tool's result:\n%s\n%s", code, out, errOut)
	}
}

// The other way round: a bare accept given for a URL, reused for a form
// whose field it lacks, is sent as the accept it is (a form's answer may
// lack fields, with a warning), and the warning says which answer was
// given for which ask, where it said only that the field was missing.
func TestExecURLAnswerReusedForAFormSaysSo(t *testing.T) {
	url := askingTwice(t, urlAsk, formAsk)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--answer", "elicitation accept", url, "tools/call anything")
	want := "warning: --answer 'elicitation accept' was given for a request to open a URL (it answered login) and was taken again for who, a form\n"
	if code != exitOK || strings.Count(errOut, want) != 1 || !strings.Contains(errOut, "name: missing required key") {
		t.Errorf("exit %d, want 0 and once %q, with the missing field:\n%s\n%s", code, want, out, errOut)
	}
}
