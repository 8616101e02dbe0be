package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer that names "id" twice, ours first and another last, is read by
// the last as encoding/json reads it, so it answers nothing; the failure
// says so rather than only "an answer came back with id 99", since a client
// whose reader keeps the first member would take it as the answer.
func TestExecSaysAnAnswerNamedItsIDTwice(t *testing.T) {
	const want = `an answer came back naming "id" twice, this request's id first and 99 last`
	stateless := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"id":99,"result":{"tools":[]}}`)
	})
	legacy := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method != "tools/list" {
			c.Default()
			return
		}
		c.Reply(`{"jsonrpc":"2.0","id":` + string(c.ID) + `,"id":99,"result":{"tools":[]}}`)
	}})
	for _, tc := range []struct{ name, url string }{
		{"stateless JSON answer", stateless.URL},
		{"legacy stream, until the timeout", legacy.URL + "/sse"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--timeout", "1s", tc.url, "tools/list")
			if code != exitFailed || !strings.Contains(out+errOut, want) {
				t.Errorf("exit %d, want %d and %q\n%s\n%s", code, exitFailed, want, out, errOut)
			}
		})
	}
	// An answer that is merely someone else's still reads as that.
	other := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":7,"id":99,"result":{"tools":[]}}`)
	})
	out, errOut, _ := run(t, "exec", "--no-record", "--no-listen", other.URL, "tools/list")
	if strings.Contains(out+errOut, `naming "id" twice`) || !strings.Contains(out+errOut, "id 99 that no request of ours has") {
		t.Errorf("an answer whose first id is not ours, want it called foreign only\n%s\n%s", out, errOut)
	}
}
