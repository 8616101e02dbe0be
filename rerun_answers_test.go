package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A session whose tool asked the user for a form re-runs to the same end:
// the form is answered again as it was answered when recording, on every
// era (a 2025 server request answered by POST, a 2026 multi round-trip
// request sent again with the live server's requestState), instead of
// stopping at the question or sending the recorded round's stale state.
func TestRerunAnswersWhatWasAnswered(t *testing.T) {
	for _, path := range []string{"/sse", "/mcp", "/stateless"} {
		t.Run(path, func(t *testing.T) {
			file := recordConfirmedByAnn(t, path)
			again := demotest.Start(t, demo.Options{}).URL + path
			out, errOut, code := run(t, "replay", file, "--against", again)
			if code != exitOK || !strings.Contains(out, "0 different") || !strings.Contains(out, "tools/call confirm") {
				t.Errorf("re-run: exit %d\n%s\n%s", code, out, errOut)
			}
		})
	}
}

// The re-run sends the recorded answer, whatever it was: a form declined
// when recording is declined again, and the server's answer to that is
// what is compared.
func TestRerunOfADeclinedFormIsDeclinedAgain(t *testing.T) {
	dir := stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL + "/stateless"
	out, errOut, code := run(t, "exec", "--answer", "elicitation decline", url, "tools/call confirm")
	if code != exitOK || !strings.Contains(out, "declined") {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	file := onlyRecording(t, dir)
	again := demotest.Start(t, demo.Options{}).URL + "/stateless"
	out, errOut, code = run(t, "replay", file, "--against", again, "--json")
	if code != exitOK || !strings.Contains(out, `"same": true`) {
		t.Errorf("re-run: exit %d\n%s\n%s", code, out, errOut)
	}
}

// recordConfirmedByAnn records exec calling the demo gateway's confirm tool
// on path, its form answered with Ann's name, and returns the recording.
func recordConfirmedByAnn(t *testing.T, path string) string {
	t.Helper()
	dir := stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL + path
	out, errOut, code := run(t, "exec", "--answer", "elicitation accept name=Ann confirm=true copies=2", url, "tools/call confirm")
	if code != exitOK || !strings.Contains(out, "confirmed by Ann") {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	return onlyRecording(t, dir)
}
