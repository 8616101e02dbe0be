package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A call whose tool listing fails says the listing failed, where it said
// the tool "is not in tools/list (none)": the server never said it had no
// tools.
func TestExecCallSaysTheToolListingFailed(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Error(-32603, "listing exploded")
	})
	_, errOut, _ := run(t, "exec", "--no-record", srv.Endpoint(), "tools/call echo text=hi")
	if !strings.Contains(errOut, "tools/list failed (JSON-RPC error -32603: listing exploded), so tool \"echo\" and its arguments could not be checked") {
		t.Errorf("stderr does not say the listing failed:\n%s", errOut)
	}
	if strings.Contains(errOut, "(none)") {
		t.Errorf("stderr says the server has no tools:\n%s", errOut)
	}
}
