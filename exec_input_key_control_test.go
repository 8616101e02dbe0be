package main

import (
	"strings"
	"testing"
)

// A 2026 inputRequests key holding control text is shown Go-quoted,
// "\x1b[2Jk", as a form's field name is: the sanitizer drew it as "k", a
// key the server did not send (and one another key may be), and
// --answer 'k accept' typed as shown matched nothing. Typed as shown, the
// quoted key answers it.
func TestExecInputKeyWithControlTextIsShownQuoted(t *testing.T) {
	stateDir(t)
	url := askingServerOnce(t, `{"resultType":"input_required","inputRequests":{"\u001b[2Jk":{"method":"elicitation/create","params":{"message":"name?","requestedSchema":{"type":"object","properties":{}}}}},"requestState":"s"}`)
	const shown = `"\x1b[2Jk"`
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", url, "tools/call anything")
	if code != exitFailed || !strings.Contains(errOut, "the server asked for "+shown+" (elicitation/create)") {
		t.Fatalf("exit %d, want %d and the key shown as %s:\n%s\n%s", code, exitFailed, shown, out, errOut)
	}
	out, errOut, code = run(t, "exec", "--no-record", "--no-listen", "--answer", shown+" accept", url, "tools/call anything")
	if code != exitOK || !strings.Contains(out, "done") {
		t.Errorf("answered by the key as shown: exit %d\n%s\n%s", code, out, errOut)
	}
}
