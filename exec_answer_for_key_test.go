package main

import (
	"strings"
	"testing"
)

// One --answer given by its method answers every 2026 input request of
// that method: a warning of a form it does not fit names the request's
// key, where "--answer elicitation/create: age: missing required key"
// did not say which of the two forms asked for age.
func TestExecAnswerWarningNamesTheKeyItAnswered(t *testing.T) {
	stateDir(t)
	url := askingServerOnce(t, `{"resultType":"input_required","inputRequests":{`+
		`"e1":{"method":"elicitation/create","params":{"message":"name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}},`+
		`"e2":{"method":"elicitation/create","params":{"message":"age?","requestedSchema":{"type":"object","properties":{"age":{"type":"integer"}},"required":["age"]}}}},"requestState":"s"}`)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--answer", "elicitation accept name=A", url, "tools/call anything")
	const want = "warning: --answer elicitation/create (for e2): age: missing required key"
	if code != exitOK || !strings.Contains(errOut, want) || strings.Contains(errOut, "(for e1)") {
		t.Errorf("exit %d, want 0 and %q, and no warning for e1:\n%s\n%s", code, want, out, errOut)
	}
}

// An --answer taken by its key names no key after it: "(for ...)" says
// which request a line taken by its method answered, and read
// "--answer elicitation/create (for elicitation)" of a key named
// elicitation, as if the line had been taken by its method.
func TestExecAnswerByKeyNamesNoKeyAgain(t *testing.T) {
	stateDir(t)
	url := askingServerOnce(t, `{"resultType":"input_required","inputRequests":{`+
		`"elicitation":{"method":"elicitation/create","params":{"message":"age?","requestedSchema":{"type":"object","properties":{"age":{"type":"integer"}},"required":["age"]}}}},"requestState":"s"}`)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--answer", "elicitation accept", url, "tools/call anything")
	if code != exitOK || !strings.Contains(errOut, "warning: --answer elicitation/create: age: missing required key") || strings.Contains(errOut, "(for ") {
		t.Errorf("exit %d, want 0 and the warning naming no key:\n%s\n%s", code, out, errOut)
	}
}
