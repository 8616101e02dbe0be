package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A value with spaces typed unquoted (`name=Ann Lee`) is refused with the
// quoted key=value it meant, where the rest of it was refused word by word
// with no advice; nothing is called.
func TestExecUnquotedSpacedValueIsToldToQuote(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	out, errOut, code := run(t, "exec", "--no-record", srv.MCPURL(), "tools/call greet name=Ann Lee Smith")
	want := `"Lee Smith": a value with spaces goes in quotes: did you mean name='Ann Lee Smith'?`
	if code != exitUsage || !strings.Contains(out+errOut, want) {
		t.Errorf("exit %d, want %d and %q:\n%s\n%s", code, exitUsage, want, out, errOut)
	}
	if strings.Contains(out, "Hello") {
		t.Errorf("the tool was called:\n%s", out)
	}
}
