package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
)

// --answer 'sampling decline' is said as what it is, a decline, not as a
// refusal quoting the error it is sent as: exec printed "· refused the
// server's sampling/createMessage: User rejected sampling request:
// declined in mcpscope".
func TestExecSaysASamplingDeclineIsOne(t *testing.T) {
	srv, err := demo.Start("127.0.0.1:0", demo.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	out, errOut, _ := run(t, "exec", "--no-record", "--answer", "sampling decline", srv.MCPURL(), "tools/call sample prompt=hi")
	if !strings.Contains(out, "· declined the server's sampling/createMessage (--answer said decline)") || strings.Contains(out, "refused the server's") {
		t.Errorf("the decline is not said as one:\n%s\n%s", out, errOut)
	}
}
