package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// With --json no "──" line heads a command's block, so a warning on stderr
// about an argument or an --answer names the command it is about, as an
// error there does: in a run of several, "warning: times: 11 is above the
// maximum 10" did not say whose times it was.
func TestExecJSONWarningsNameTheirCommand(t *testing.T) {
	stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL
	_, errOut, _ := run(t, "exec", "--json", "--answer", "elicitation accept name=Ann confirm=true copies=9", url,
		"tools/call greet name=Ann times=11", "tools/call confirm")
	for _, want := range []string{
		"warning: tools/call greet: times: 11 is above the maximum 10",
		"warning: tools/call confirm: --answer elicitation/create: copies: 9 is above the maximum 5",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr does not say %q:\n%s", want, errOut)
		}
	}
}

// ping's answer is an empty result: exec says the server answered, where it
// printed "{}" as if the answer had lost something.
func TestExecPingSaysPong(t *testing.T) {
	stateDir(t)
	out, errOut, code := run(t, "exec", demotest.Start(t, demo.Options{}).URL, "ping")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, ping, _ := strings.Cut(out, "── ping\n")
	if !strings.HasPrefix(ping, "pong (an empty result") || strings.Contains(ping, "{}") {
		t.Errorf("ping printed %q, want pong saying the result is empty:\n%s", ping, out)
	}
}
