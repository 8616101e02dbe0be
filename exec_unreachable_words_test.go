package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A port nothing listens on is said in words, with the advice under it:
// it read "failed: dial tcp 127.0.0.1:9852: connect: connection refused",
// Go's own call named twice.
func TestUnreachableServerIsSaidInWords(t *testing.T) {
	stateDir(t)
	addr := mcptest.ClosedAddr(t)
	_, errOut, code := run(t, "exec", "--no-record", "http://"+addr, "ping")
	if code != exitConnect {
		t.Errorf("exit %d, want %d", code, exitConnect)
	}
	for _, want := range []string{"POST http://" + addr + "/mcp failed: connection refused", "hint: nothing answered at " + addr} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr %q does not say %q", errOut, want)
		}
	}
	if strings.Contains(errOut, "dial tcp") {
		t.Errorf("stderr %q names Go's dial", errOut)
	}
}
