package main

import (
	"strings"
	"testing"
)

// The proxy takes --allow-origin as the direct commands do, and refuses a
// value that is no origin before it listens.
func TestProxyAllowOriginIsCheckedLikeTheDirectCommands(t *testing.T) {
	stateDir(t)
	_, errOut, code := run(t, "proxy", "http://127.0.0.1:1/sse", "--headless", "--listen", "127.0.0.1:0", "--allow-origin", "not an origin")
	if code == 0 || !strings.Contains(errOut, "--allow-origin") || !strings.Contains(errOut, "scheme://host") {
		t.Errorf("proxy --allow-origin 'not an origin' exited %d with %q, want a usage error saying how to write an origin", code, errOut)
	}
}
