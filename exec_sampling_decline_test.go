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
