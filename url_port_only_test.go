package main

import (
	"strings"
	"testing"
)

// ":9851", a port with no host as some tools take for this machine, was
// read by exec as a command: the demo gateway started and was sent a
// method named ":9851". It names a server, and the refusal says the URL
// that would reach that port.
func TestPortWithoutHostIsAServerAddress(t *testing.T) {
	stateDir(t)
	for _, args := range [][]string{{"exec", ":9851", "tools/list"}, {"exec", ":9851/sse", "ping"}, {"proxy", "--headless", ":9851"}} {
		out, errOut, code := run(t, args...)
		want := "is not a URL: it has no host; for this machine's port 9851 use http://localhost:9851"
		if code != exitUsage || !strings.Contains(errOut, want) || strings.Contains(errOut, "demo gateway") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d and %q", args, code, out, errOut, exitUsage, want)
		}
	}
}
