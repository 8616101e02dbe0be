package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A value typed without its key is refused with the key it was likely
// meant for, read from the tool's schema: `greet Ann` asks whether it
// meant name=Ann, and nothing is called.
func TestExecBareValueIsToldItsKey(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	out, errOut, code := run(t, "exec", "--no-record", srv.MCPURL(), "tools/call greet Ann")
	if code != exitUsage || !strings.Contains(out+errOut, `"Ann": expected key=value or key:=json: did you mean name=Ann?`) {
		t.Errorf("exit %d, want %d and the key the value was meant for:\n%s\n%s", code, exitUsage, out, errOut)
	}
	if strings.Contains(out, "Hello") {
		t.Errorf("the tool was called:\n%s", out)
	}
}
