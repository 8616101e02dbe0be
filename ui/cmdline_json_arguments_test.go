package ui

import (
	"strings"
	"testing"
)

// The TUI's command line takes tools/call's arguments as one JSON object
// as exec does: checked against the schema as key:=json words would be,
// sent as typed, and hinted as the arguments, not as a bare value Enter
// would refuse.
func TestCommandLineJSONArguments(t *testing.T) {
	c := newLine(t, "")
	clPress(c, runes(`tools/call search {"query": "two words", "limit": 3}`))
	if hint := hintOf(c); !strings.Contains(hint, "the arguments as one JSON object") {
		t.Errorf("hint %q, want it to say the object is the arguments", hint)
	}
	s := submitted(clPress(c, keyEnter))
	if s == nil || s.Forced {
		t.Fatalf("a clean object: got %+v, want one unforced SubmitMsg", s)
	}
	if got, want := string(s.Command.Arguments), `{"query": "two words", "limit": 3}`; got != want {
		t.Errorf("Command.Arguments = %s, want %s", got, want)
	}
	heldThenForced(t, `tools/call search {"limit": 3}`, "query: missing required key", "tools/call")
}
