package main

import (
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// When initialize fails, exec sends none of the commands after it and
// says why, naming them: tools/list went out and got the server's answer
// while tools/call was refused with "send initialize first", which exec
// had just done.
func TestExecSendsNothingAfterAFailedInitialize(t *testing.T) {
	var mu sync.Mutex
	var got []string
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		mu.Lock()
		got = append(got, c.Method)
		mu.Unlock()
		if c.Method == "initialize" {
			c.Error(-32603, "init exploded")
			return
		}
		c.Default()
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "tools/list", "tools/call greet name=x")
	if code != exitFailed {
		t.Errorf("exit %d, want %d", code, exitFailed)
	}
	if !strings.Contains(errOut, "tools/list, tools/call greet name=x were not sent: initialize failed") {
		t.Errorf("stderr does not say which commands were not sent and why:\n%s", errOut)
	}
	if strings.Contains(out, "tools/list") || strings.Contains(errOut, "send initialize first") {
		t.Errorf("a command after the failed initialize was sent or refused on its own:\nstdout:\n%s\nstderr:\n%s", out, errOut)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, m := range got {
		if m == "tools/list" || m == "tools/call" {
			t.Errorf("the server got %s after initialize failed", m)
		}
	}
}
