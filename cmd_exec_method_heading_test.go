package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A long method the user made up heads its block cut as every name is:
// the "── " line quoted 600 bytes of it whole.
func TestExecHeadingCutsALongMethodAtNameLimit(t *testing.T) {
	method := "x/" + strings.Repeat("m", 598)
	srv := mcptest.New(t, mcptest.Options{})
	out, _, _ := run(t, "exec", "--no-record", srv.SSEURL(), method)
	var head string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "── x/") {
			head = l
		}
	}
	if want := "── " + mcp.NameShown(method); head != want {
		t.Errorf("the heading is %q, want %q\n%s", head, want, out)
	}
}
