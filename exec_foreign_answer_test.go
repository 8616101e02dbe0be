package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Answers to ids never sent, and an error with id null, beside the
// command's own answer: exec says each in a line, where it said nothing
// (only the TUI showed their rows, and only a failed command's error
// named them).
func TestExecSaysAnswersToNoRequest(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		event := func(m string) string { return "event: message\ndata: " + m + "\n\n" }
		x.Status(200, "text/event-stream",
			event(`{"jsonrpc":"2.0","id":424242,"result":{"tools":[]}}`)+
				event(`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"cannot read that"}}`)+
				event(`{"jsonrpc":"2.0","id":"x","error":{"code":-32600,"message":"no"}}`)+
				event(`{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[]}}`))
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", srv.Endpoint(), "tools/list")
	for _, want := range []string{
		"· an answer came back with id 424242 that no request of ours has: exec --json shows it\n",
		"· an error came back with id null, JSON-RPC's answer to a request the server could not read or could not tell the id of: JSON-RPC error -32600: cannot read that\n",
		`· an answer came back with id "x" that no request of ours has: exec --json shows it` + "\n",
	} {
		if code != exitOK || strings.Count(out, want) != 1 {
			t.Errorf("exit %d, want %q once\n%s\n%s", code, want, out, errOut)
		}
	}
}

// A command refused with an error of its own (-32602) says the answer to
// no request of ours that came before it too: only an error that names
// such answers (a timeout's) stands for their lines, where before any
// failure dropped them unsaid.
func TestExecSaysAnswerToNoRequestBeforeARefusal(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		event := func(m string) string { return "event: message\ndata: " + m + "\n\n" }
		x.Status(200, "text/event-stream",
			event(`{"jsonrpc":"2.0","id":424242,"result":{"tools":[]}}`)+
				event(`{"jsonrpc":"2.0","id":`+string(x.ID)+`,"error":{"code":-32602,"message":"bad"}}`))
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", srv.Endpoint(), "tools/list")
	want := "· an answer came back with id 424242 that no request of ours has: exec --json shows it\n"
	if code != exitFailed || strings.Count(out, want) != 1 || !strings.Contains(out, "JSON-RPC error -32602: bad") {
		t.Errorf("exit %d, want %q once beside the refusal\n%s\n%s", code, want, out, errOut)
	}
}

// An error with id null beside the command's answer is told in the words a
// request's timeout tells it in, its data too: the server's reason is
// often there alone. exec's note had words of its own and left data out.
func TestExecSaysTheDataOfAnErrorWithIDNull(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		event := func(m string) string { return "event: message\ndata: " + m + "\n\n" }
		x.Status(200, "text/event-stream",
			event(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error","data":"unexpected '}' at 41"}}`)+
				event(`{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[]}}`))
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", srv.Endpoint(), "tools/list")
	want := `· an error came back with id null, JSON-RPC's answer to a request the server could not read or could not tell the id of: JSON-RPC error -32700: Parse error (data: "unexpected '}' at 41")` + "\n"
	if code != exitOK || strings.Count(out, want) != 1 {
		t.Errorf("exit %d, want %q once\n%s\n%s", code, want, out, errOut)
	}
}
