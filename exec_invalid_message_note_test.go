package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Bytes on a tool call's stream that are no JSON-RPC message, before its
// answer, get a line saying what they are: a server's request it wrote as
// no JSON (NaN, Infinity) went unanswered, and exec used to print the
// result alone, as if the server had sent nothing else.
func TestExecSaysAMessageWasNotJSONRPC(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		_ = x.Event(`{"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{"n":Infinity}}`)
		_ = x.Event("\x1b[2Jnot json")
		x.Result(mcptest.TextResult("done", false))
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.URL+"/mcp", "tools/call anything")
	for _, want := range []string{
		`· the server sent a message that is not JSON: no JSON value starts here`,
		`"params":{"n":▶Infinity}}: exec --json shows it` + "\n",
		"· the server sent a message that is not JSON:",
		"\ndone\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("exit %d; want %q\n%s\n%s", code, want, out, errOut)
		}
	}
	if n := strings.Count(out, "the server sent a message that is not JSON"); n != 2 {
		t.Errorf("%d lines about the messages that are not JSON, want 2:\n%s", n, out)
	}
	if code != exitOK || strings.Contains(out, "\x1b") {
		t.Errorf("exit %d, want %d, with no escape of the server's reaching the terminal:\n%q", code, exitOK, out)
	}
}

// A POST answered with application/json that is no JSON-RPC message is
// its request's error, which says what the body is: the note for a
// message that is none said the same words a second time above it.
func TestExecSaysAJSONBodyNotJSONRPCOnce(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		x.Status(200, "application/json", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"n":NaN}}`)
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.URL+"/mcp", "tools/call anything")
	if !strings.Contains(out, "answered application/json that is not JSON") {
		t.Fatalf("exit %d; want the POST's error to say its body is not JSON:\n%s\n%s", code, out, errOut)
	}
	if n := strings.Count(out, "not JSON: no JSON value starts here"); n != 1 {
		t.Errorf("the body's fault said %d times, want once (the error's):\n%s", n, out)
	}
}
