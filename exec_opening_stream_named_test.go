package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An initialize answered with an event stream that ends before its answer:
// exec said "the response stream of request 5730001 ended …", an id the
// user never saw, leaving them to guess which request it was.
func TestExecOpeningStreamEndedNamesInitialize(t *testing.T) {
	srv := mcptest.OnMethod(t, "initialize", func(x *mcptest.Exchange) {
		x.SSE()
		_ = x.WriteRaw(": hi\n\n")
	})
	_, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", srv.Endpoint(), "tools/list")
	if code == 0 || !strings.Contains(errOut, "(initialize) ended before its answer") {
		t.Errorf("exec exits %d and says:\n%s\nwant the ended stream named as initialize's", code, errOut)
	}
}
