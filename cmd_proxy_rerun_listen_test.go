package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A 2026 client's listen stream recorded by the proxy is the client's:
// re-run against the server, the count said it left out "1 listen of
// mcpscope's own", naming as its sender the mcpscope that only relayed it.
func TestRerunOfProxiedListenNamesTheClient(t *testing.T) {
	up := demotest.Start(t, demo.Options{})
	h := startHeadless(t, up.URL, proxyFlags{})
	stateDir(t)
	if _, errs, code := run(t, "exec", "--no-record", h.run.base+demo.StatelessPath, "tools/call greet name=Ann"); code != 0 {
		t.Fatalf("exec through the proxy exited %d:\n%s", code, errs)
	}
	h.stop()
	out, errs, code := run(t, "replay", onlyRecording(t, h.dir), "--against", up.URL+demo.StatelessPath)
	if code != 0 {
		t.Fatalf("replay --against exited %d:\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "1 listen the proxied client opened") || strings.Contains(out+errs, "mcpscope's own") {
		t.Errorf("the re-run's count does not name the proxied client as the listen's sender:\n%s%s", out, errs)
	}
}
