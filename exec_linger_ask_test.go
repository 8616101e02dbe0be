package main

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server request that arrives while exec lingers (a bridge sharing one
// upstream, supergateway's SSE output, broadcasts another client's
// sampling/createMessage to every session) is refused for want of an
// answer like one asked during a command: said, with the flag that would
// answer it, and exit 1, not a silent refusal and exit 0.
func TestExecLingerSaysWhatWentUnanswered(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		c.Default()
		if c.Kind == mcptest.KindRequest && c.Method == "ping" {
			// After exec has printed the ping's answer: while it lingers.
			time.AfterFunc(100*time.Millisecond, func() {
				_ = c.Session.Message(`{"jsonrpc":"2.0","id":"s-1","method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":10}}`)
			})
		}
	}})
	out, errOut, code := run(t, "exec", "--no-record", "--linger", "2s", srv.SSEURL(), "ping")
	if code != exitFailed || !strings.Contains(errOut, "the server asked for sampling (sampling/createMessage)") || !strings.Contains(errOut, "--answer 'sampling THE REPLY'") {
		t.Errorf("exit %d, want 1 and what was asked while lingering\n%s\n%s", code, out, errOut)
	}
}
