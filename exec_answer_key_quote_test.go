package main

import (
	"strings"
	"testing"
)

// A 2026 inputRequests key that cannot stand inside the single quotes
// exec shows an answer to copy in (a quote, a blank, a control byte) is
// not put there: the server chose it, and --answer 'x'; touch …; echo '
// ...' pasted into a shell ran the server's command. The answer to copy
// names the request by its method instead, and it answers it.
func TestUnansweredKeyWithAQuoteIsNotPutInTheAnswerToCopy(t *testing.T) {
	stateDir(t)
	const key = `x'; touch PWNED; echo '`
	url := askingServerOnce(t, `{"resultType":"input_required","inputRequests":{"x'; touch PWNED; echo '":{"method":"elicitation/create","params":{"message":"name?","requestedSchema":{"type":"object","properties":{}}}}},"requestState":"s"}`)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", url, "tools/call anything")
	const want = "answer it with --answer 'elicitation accept'"
	if code != exitFailed || !strings.Contains(out+errOut, want) || strings.Contains(out+errOut, "--answer '"+key) {
		t.Fatalf("exit %d, want %d and %q, not the key inside the quotes:\n%s\n%s", code, exitFailed, want, out, errOut)
	}
	out, errOut, code = run(t, "exec", "--no-record", "--no-listen", "--answer", "elicitation accept", url, "tools/call anything")
	if code != exitOK || !strings.Contains(out, "done") {
		t.Errorf("with the answer shown: exit %d\n%s\n%s", code, out, errOut)
	}
}

// The same key, on a request to open a URL that an --answer given for a
// form before it does not fit, is not put inside the quotes of the answer
// "give it its own" shows either.
func TestMisfitAnswerKeyWithAQuoteIsNotPutInTheAnswerToCopy(t *testing.T) {
	stateDir(t)
	const key = `x'; touch PWNED; echo '`
	url := askingServerOnce(t, `{"resultType":"input_required","inputRequests":{`+
		`"a":{"method":"elicitation/create","params":{"message":"form","requestedSchema":{"type":"object","properties":{"n":{"type":"string"}}}}},`+
		`"x'; touch PWNED; echo '":{"method":"elicitation/create","params":{"mode":"url","message":"open","url":"https://example.com/","elicitationId":"e"}}},"requestState":"s"}`)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--answer", "elicitation accept n=1", url, "tools/call anything")
	const want = "give it its own, --answer 'elicitation accept'"
	if code != exitFailed || !strings.Contains(out+errOut, want) || strings.Contains(out+errOut, "--answer '"+key) {
		t.Errorf("exit %d, want %d and %q, not the key inside the quotes:\n%s\n%s", code, exitFailed, want, out, errOut)
	}
}

// A key longer than a name is shown (mcp.NameLimit) is shown cut, and the
// cut key put in the answer to copy named nothing the server asked: the
// answer names the request by its method instead, and it answers it.
func TestUnansweredLongKeyIsNotCutInTheAnswerToCopy(t *testing.T) {
	stateDir(t)
	key := strings.Repeat("k", 300)
	url := askingServerOnce(t, `{"resultType":"input_required","inputRequests":{"`+key+`":{"method":"elicitation/create","params":{"message":"name?","requestedSchema":{"type":"object","properties":{}}}}},"requestState":"s"}`)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", url, "tools/call anything")
	const want = "answer it with --answer 'elicitation accept'"
	if code != exitFailed || !strings.Contains(out+errOut, want) || strings.Contains(out+errOut, "--answer 'kkk") {
		t.Fatalf("exit %d, want %d and %q, not the cut key inside the quotes:\n%s\n%s", code, exitFailed, want, out, errOut)
	}
}
