package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer that gives our numeric id back as a string says it is ours
// but for its type, which is why it answers nothing: "an answer came back
// with id "7" that no request of ours has" read as a contradiction when
// the request's id was 7.
func TestExecSaysAnAnswerGaveItsIDAsAString(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":"` + string(x.ID) + `","result":{"tools":[]}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
	const want = "this request's id as a string where mcpscope sent a number: JSON-RPC ids match by type as well as value"
	if code != exitFailed || !strings.Contains(out+errOut, want) || strings.Contains(out+errOut, "that no request of ours has") {
		t.Errorf("exit %d, want %d and %q\n%s\n%s", code, exitFailed, want, out, errOut)
	}
}

// A JSON answer that is an empty array says so beside "held no answer".
func TestExecSaysAnEmptyArrayAnswer(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) { x.Reply(" [ ] ") })
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
	const want = "held no answer to it (it is an empty JSON array: a batch of no messages)"
	if code != exitFailed || !strings.Contains(out+errOut, want) {
		t.Errorf("exit %d, want %d and %q\n%s\n%s", code, exitFailed, want, out, errOut)
	}
}
