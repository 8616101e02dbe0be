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

// A key=value typed with spaces around its = (`name = Ann`, `times =2`,
// `times:= 2`, `loud := true`) is refused once, with the word meant: it was three bare words, the key
// itself asked whether it meant name=name, and the = refused for an empty
// key. Nothing is called.
func TestExecSpacedAssignmentIsToldTheWordMeant(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	for line, wants := range map[string][]string{
		"tools/call greet name = Ann times =2":   {`"name = Ann": a key=value has no spaces around its =; did you mean name=Ann?`, `"times =2": a key=value has no spaces around its =; did you mean times=2?`},
		"tools/call greet name=Ann times:= 2":    {`"times:= 2": a key=value has no spaces around its =; did you mean times:=2?`},
		"tools/call greet name=Ann loud := true": {`"loud := true": a key=value has no spaces around its =; did you mean loud:=true?`},
	} {
		out, errOut, code := run(t, "exec", "--no-record", srv.MCPURL(), line)
		if code != exitUsage {
			t.Errorf("%s: exit %d, want %d", line, code, exitUsage)
		}
		for _, want := range wants {
			if !strings.Contains(out+errOut, want) {
				t.Errorf("%s: stdout %q, stderr %q do not say %q", line, out, errOut, want)
			}
		}
		if strings.Contains(out+errOut, "name=name") || strings.Contains(out+errOut, "key before = is empty") ||
			strings.Contains(out+errOut, "invalid JSON") || strings.Contains(out+errOut, "did you mean loud=2") || strings.Contains(out, "Hello") {
			t.Errorf("%s: the words were refused one by one, or the tool was called:\n%s\n%s", line, out, errOut)
		}
	}
}
