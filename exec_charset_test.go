package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// exec says on stderr that its tools/list answer was JSON labelled
// charset=iso-8859-1 with latin-1 in it: its output shows U+FFFD where
// those bytes were, and only the recording's charset field said why.
func TestExecSaysAnAnswersForeignCharset(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/list" {
			x.Status(200, "application/json; charset=iso-8859-1", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[{"name":"caf`+"\xe9"+`","inputSchema":{"type":"object"}}]}}`)
			return
		}
		x.Default()
	}})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", srv.Endpoint(), "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	want := "charset: the answer to POST " + srv.Endpoint() + ": it is labelled charset=iso-8859-1: JSON is UTF-8 only, and mcpscope read it as UTF-8, so its bytes that are not UTF-8 show as U+FFFD"
	if n := strings.Count(errOut, want); n != 1 {
		t.Errorf("stderr says %q %d times, want once:\n%s", want, n, errOut)
	}
}
