package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer to one request wrapped in a batch (a JSON array) is read, and
// exec says once that the server broke JSON-RPC, in the words the
// Negotiation pane uses (history.AnswerCheck).
func TestExecSaysABatchAnsweredOneRequest(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Status(200, "application/json", `[{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[]}}]`)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list", "tools/list")
	const want = "· the server sent an answer inside a batch (a JSON array) though no batch was sent: mcpscope read its members"
	if code != exitOK || strings.Count(out, want) != 1 || !strings.Contains(out, "0 tools") {
		t.Errorf("exit %d, want %d, the answer read and once %q\n%s\n%s", code, exitOK, want, out, errOut)
	}
	// A server that answers as one message gets no such note.
	plain := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) { x.Result(map[string]any{"tools": []any{}}) })
	if out, errOut, code := run(t, "exec", "--no-record", "--no-listen", plain.URL, "tools/list"); code != exitOK || strings.Contains(out+errOut, "batch") {
		t.Errorf("exit %d, want a clean answer\n%s\n%s", code, out, errOut)
	}
}
