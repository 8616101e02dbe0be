package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy server whose endpoint event names another session inside the
// handshake: exec says initialize failed (on its error line), naming both endpoints and that
// the new session was never initialized, where it said nothing and went on
// as if the handshake had ended on the session in use.
func TestExecSaysAnEndpointSwitchMidHandshake(t *testing.T) {
	stateDir(t)
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method == "initialize" {
			c.After(func() {
				_ = c.Session.Event("endpoint", strings.Replace(c.Session.Endpoint, c.Session.ID, "OTHER", 1))
			})
		}
		c.Default()
	}})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "sse", srv.SSEURL(), "tools/list")
	all := out + errOut
	if code == exitOK {
		t.Fatalf("exit %d, want a failure:\n%s", code, all)
	}
	for _, want := range []string{"), which was never initialized: POSTs go to " + srv.SSEURL() + "?sessionid=OTHER now, not " + srv.SSEURL() + "?sessionid=", "named another session (OTHER, was "} {
		if !strings.Contains(all, want) {
			t.Errorf("the output lacks %q:\n%s", want, all)
		}
	}
}
