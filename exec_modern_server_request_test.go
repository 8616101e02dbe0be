package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026-07-28 server that pings on a tool call's response stream, as a
// 2025 server may, is not answered (a 2026 client sends no JSON-RPC
// responses), and exec says so before the tool's answer, where it POSTed
// a reply the server had no use for and said nothing.
func TestExecSaysA2026ServerRequestIsNotAnswered(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		_ = x.Event(`{"jsonrpc":"2.0","id":"s-1","method":"ping"}`)
		x.Result(mcptest.TextResult("done", false))
	})
	out, errOut, code := run(t, "exec", "--no-record", srv.URL, "tools/call anything")
	want := "· the server sent a request of its own, ping, on a 2026-07-28 stream, where a server sends none and a client answers none: it was not answered\ndone"
	if code != exitOK || !strings.Contains(out, want) {
		t.Fatalf("exit %d, want %q before the answer:\n%s\n%s", code, want, out, errOut)
	}
	for _, r := range srv.Requests() {
		if r.Kind == mcptest.KindResponse {
			t.Errorf("the server got a JSON-RPC response: %s", r.Body)
		}
	}
}
