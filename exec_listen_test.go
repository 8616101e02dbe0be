package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// subscriptions/listen typed in exec is answered by the server's
// acknowledgement, said in words, and the next command goes at once: the
// stream stays open rather than holding exec until --timeout.
func TestExecListenIsAcknowledgedAndGoesOn(t *testing.T) {
	modern := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--timeout", "30s", modern.Endpoint(),
		`subscriptions/listen notifications:='{"toolsListChanged":true,"resourceSubscriptions":["demo://a"]}'`, "tools/list")
	if code != exitOK || !strings.Contains(out, "── subscriptions/listen\nacknowledged: resourceSubscriptions demo://a, toolsListChanged\n") || !strings.Contains(out, "── tools/list") {
		t.Errorf("exit %d, want the acknowledgement said and tools/list run:\n%s\n%s", code, out, errOut)
	}
}

// A subscriptions/listen answered at once with a result, no acknowledgement
// first, is that request failing (exit 1) with advice saying the server
// keeps no listen stream open: it was a connection failure (exit 3) whose
// advice said to run the command again, which gets the same answer.
func TestExecListenAnsweredWithAResult(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "subscriptions/listen", func(x *mcptest.Exchange) {
		x.JSON()
		x.Result(map[string]any{})
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, `subscriptions/listen notifications:='{"toolsListChanged":true}'`, "tools/list")
	if code != exitFailed || !strings.Contains(out, "error: the server answered subscriptions/listen with a result instead of keeping its stream open\n") ||
		!strings.Contains(out, "the server does not serve listen streams, or is broken, and asking again gets the same answer") ||
		strings.Contains(out+errOut, "run the command again") || !strings.Contains(out, "── tools/list") {
		t.Errorf("exit %d, want %d, the answer and advice named, and tools/list run\n%s\n%s", code, exitFailed, out, errOut)
	}
}
