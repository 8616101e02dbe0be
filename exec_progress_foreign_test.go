package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A notifications/progress for a token no request of ours named (a bridge
// sharing one upstream broadcasts another client's) is said once, as not
// ours, where exec said nothing of it, and then, the server repeating its
// progress, that "request" "other-7"'s progress failed to increase, naming
// a token as a request of ours. Our own call's progress is not said.
func TestExecSaysProgressForATokenNotOurs(t *testing.T) {
	progress := func(token string, n int) string {
		return "event: message\ndata: " + `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":` + token + `,"progress":` + string(rune('0'+n)) + `,"total":2}}` + "\n\n"
	}
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.SSE()
		_ = x.WriteRaw(progress(`"other-7\u001b[31m"`, 1))
		_ = x.WriteRaw(progress(string(x.ID), 1))
		_ = x.WriteRaw(progress(`"other-7\u001b[31m"`, 1))
		_ = x.WriteRaw(progress(string(x.ID), 2))
		x.Result(mcptest.TextResult("done", false))
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", "--no-listen", srv.Endpoint(), "tools/call echo text=hi", "tools/call echo text=hi")
	want := `· progress came for token "other-7\u001b[31m", which no request of ours named: not ours`
	if code != exitOK || strings.Count(out, want) != 1 {
		t.Errorf("exit %d, want one %q:\n%s\n%s", code, want, out, errOut)
	}
	if strings.Contains(out, "went from") || strings.Contains(out, "\x1b") || strings.Count(out, "progress came") != 1 {
		t.Errorf("our own progress said, the foreign one's read as a request's, or raw control bytes:\n%q", out)
	}
}
