package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A 2026-07-28 method typed in a session that negotiated a 2025 era is
// sent still (the user may be testing the server), but the demo's /mcp
// (the Go SDK) takes subscriptions/listen and never answers: exec waited
// the whole --timeout and then said only "no answer". It says at once,
// before that wait, that the method is of another era than the session.
func TestExecSaysAtOnceAMethodIsOfAnotherEra(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, errOut, _ := run(t, "exec", "--no-record", "--timeout", "1s", gw.MCPURL(),
		`subscriptions/listen notifications:='{"toolsListChanged":true}'`)
	note := strings.Index(errOut, "subscriptions/listen belongs to 2026-07-28 and this session speaks 2025-11-25")
	if note < 0 {
		t.Fatalf("exec did not say the method is of another era than the session:\n%s", errOut)
	}
	if wait := strings.Index(errOut, "no answer"); wait >= 0 && wait < note {
		t.Errorf("the era note came only after the wait for the answer:\n%s", errOut)
	}
}

// The other way round: ping is of the eras that open with initialize, and
// the demo's 2026-07-28 endpoint refuses it as an unknown method; exec
// said only the refusal, which read as the server's fault. It says first
// that the method is of another era than the session.
func TestExecSaysAnOlderMethodIsOfAnotherEraThanA2026Session(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, errOut, _ := run(t, "exec", "--no-record", "--timeout", "5s", gw.StatelessURL(), "ping")
	if !strings.Contains(errOut, "ping belongs to the eras before 2026-07-28 and this session speaks 2026-07-28") {
		t.Fatalf("exec did not say ping is of another era than the 2026 session:\n%s", errOut)
	}
}
