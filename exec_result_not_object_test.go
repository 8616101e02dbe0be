package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A result that is no object (a string) was printed as its JSON with no
// word of why, for a tool call, a resource read, a prompt and a
// completion: each says what it is, as the lists say theirs.
func TestExecSaysAResultIsNoObject(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		switch c.Method {
		case "tools/call", "resources/read", "prompts/get", "completion/complete":
			c.Result("hello")
		default:
			c.Default()
		}
	}})
	for _, tc := range []struct{ cmd, method string }{
		{"tools/call echo text=hi", "tools/call"},
		{"resources/read uri=demo://x", "resources/read"},
		{"prompts/get p", "prompts/get"},
		{"completion/complete prompt p a=x", "completion/complete"},
	} {
		out, errOut, _ := run(t, "exec", "--no-record", srv.SSEURL(), tc.cmd)
		if want := "warning: the " + tc.method + " result is a string, not an object\n\"hello\""; !strings.Contains(out, want) {
			t.Errorf("%s answered with a string printed:\n%s\n%s\nwant it to say %q", tc.method, out, errOut, want)
		}
	}
}
