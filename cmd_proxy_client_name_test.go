package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A legacy client's first lines come before its initialize names it: they
// named it by its User-Agent, "mcpscope/dev", and the lines after by its
// clientInfo, "mcpscope dev", as if two clients spoke. Every line of the
// session names it one way.
func TestProxyHeadlessNamesAClientOneWay(t *testing.T) {
	stateDir(t)
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	if out, errOut, code := run(t, "exec", "--no-record", h.run.base+"/sse", "tools/list"); code != exitOK {
		t.Fatalf("exec through the proxy: exit %d\n%s\n%s", code, out, errOut)
	}
	h.stop()
	want := "#1 mcpscope " + versionString() + " · sse "
	lines := 0
	for _, line := range strings.Split(h.errw.String(), "\n") {
		if !strings.Contains(line, " #1 ") {
			continue
		}
		lines++
		if !strings.Contains(line, want) {
			t.Errorf("line %q does not name the client %q", line, want)
		}
	}
	if lines < 3 {
		t.Errorf("%d lines of the session, want its connect, initialize and tools/list:\n%s", lines, h.errw.String())
	}
}
