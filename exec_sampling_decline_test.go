package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// --answer 'sampling decline' is said as what it is, a decline, not as a
// refusal quoting the error it is sent as: exec printed "· refused the
// server's sampling/createMessage: User rejected sampling request:
// declined in mcpscope".
func TestExecSaysASamplingDeclineIsOne(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	out, errOut, _ := run(t, "exec", "--no-record", "--answer", "sampling decline", srv.MCPURL(), "tools/call sample prompt=hi")
	if !strings.Contains(out, "· declined the server's sampling/createMessage (--answer said decline)") || strings.Contains(out, "refused the server's") {
		t.Errorf("the decline is not said as one:\n%s\n%s", out, errOut)
	}
}

// Declining a 2026 sampling request (which has no answer that says so)
// ends the call without sending it again, and exec says that, where it
// printed "error: tools/call needs input that was not given: answer
// (sampling/createMessage): the user declined".
func TestExecSaysA2026SamplingDeclineIsOne(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	out, errOut, code := run(t, "exec", "--no-record", "--answer", "sampling decline", srv.StatelessURL(), "tools/call sample prompt=hi")
	want := "declined sampling/createMessage; tools/call was not sent again, since the 2026-07-28 revision has no answer that declines sampling"
	if !strings.Contains(out, want) || strings.Contains(out, "error:") || code != exitFailed {
		t.Errorf("exit %d, the 2026 decline is not said as one:\n%s\n%s", code, out, errOut)
	}
}

// A 2025 server (the Go SDK's demo) fails the call whose sampling was
// declined with code -1 and its SDK's words, "multi-round-trip: fulfilling
// input request ...": the hint says the failure is the decline passed on,
// and how to have the call go on, where exec printed the SDK's words
// alone. A refusal with no question declined gets no such hint.
func TestExecExplainsACallFailedForADecline(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	out, errOut, code := run(t, "exec", "--no-record", "--answer", "sampling decline", srv.MCPURL(), "tools/call sample prompt=hi")
	if code != exitFailed || !strings.Contains(out, "multi-round-trip: fulfilling input request") {
		t.Fatalf("exit %d, want the SDK's refusal of the call\n%s\n%s", code, out, errOut)
	}
	const want = "  hint: the server failed the request because its question (sampling/createMessage) was declined: its message passes the refusal on in its SDK's words"
	if !strings.Contains(out, want) || !strings.Contains(out, "answer the question with --answer given ahead instead of declining it\n") {
		t.Errorf("the failure is not said to be the decline passed on:\n%s", out)
	}
	out, errOut, _ = run(t, "exec", "--no-record", srv.MCPURL(), "tools/call fail")
	if strings.Contains(out, "was declined") {
		t.Errorf("a call failed with no question declined is said to be declined:\n%s\n%s", out, errOut)
	}
}
