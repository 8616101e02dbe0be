package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request answered 204 fails at once with a hint that fits it: the
// server treated the request as a notification. The hint used to speak of
// a stream that ended, and there was none.
func TestExecRequestAnsweredNoContentHint(t *testing.T) {
	out, errOut, code := execToolsListAnswered(t, http.StatusNoContent, "", "")
	if code != exitFailed || !strings.Contains(out+errOut, "answered 204 No Content to tools/list") || !strings.Contains(out+errOut, "hint: the server answered as if the request were a notification") {
		t.Errorf("exit %d, want at once the 204 and a hint that fits it\n%s\n%s", code, out, errOut)
	}
}

// A request answered 200 with an empty body and no Content-Type fails at
// once, saying the body was empty, with a hint that fits: it used to wait
// out the whole --timeout, as for a 202 whose answer may come on the GET
// stream.
func TestExecRequestAnsweredEmptyOKHint(t *testing.T) {
	out, errOut, code := execToolsListAnswered(t, http.StatusOK, "", "")
	if code != exitFailed || !strings.Contains(out+errOut, "answered 200 OK with an empty body to tools/list") || !strings.Contains(out+errOut, "hint: the server answered the request with an empty body") {
		t.Errorf("exit %d, want at once the empty 200 and a hint that fits it\n%s\n%s", code, out, errOut)
	}
}

// A request answered with a JSON body that holds no answer to it (an empty
// batch) fails with a hint that fits a JSON body: it used to speak of the
// answer's stream, and no stream was opened.
func TestExecRequestAnsweredEmptyBatchHint(t *testing.T) {
	out, errOut, code := execToolsListAnswered(t, http.StatusOK, "application/json", "[]")
	if code != exitFailed || !strings.Contains(out+errOut, "held no answer to it") || !strings.Contains(out+errOut, "hint: what the server sent back (a JSON body) ended without the answer") {
		t.Errorf("exit %d, want the empty batch named, with a hint that fits a JSON body\n%s\n%s", code, out, errOut)
	}
}

// execToolsListAnswered runs exec tools/list, with a minute's --timeout,
// against a streamable server that answers tools/list with status,
// contentType and body and everything else as usual. It returns what exec
// printed and its exit code.
func execToolsListAnswered(t *testing.T, status int, contentType, body string) (out, errOut string, code int) {
	t.Helper()
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.AnswerWith("tools/list", status, contentType, body)})
	return run(t, "exec", "--no-record", "--timeout", "1m", srv.Endpoint(), "tools/list")
}
