package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A 2026 client's stateless session recorded by the proxy opens with its
// server/discover, answered with the 2026 version it asked for. Re-run
// against the server, that server/discover is the session's handshake,
// compared as in a recording of mcpscope's own: it was left out as "1
// detection probe", the session's capabilities and serverInfo never
// compared, since the proxy's recording says the session opened (open,
// "stateless: every request stands alone") where mcpscope's own says
// initialized.
func TestRerunOfProxiedStatelessComparesItsDiscover(t *testing.T) {
	up := demotest.Start(t, demo.Options{})
	h := startHeadless(t, up.URL, proxyFlags{})
	stateDir(t)
	if _, errs, code := run(t, "exec", "--no-record", "--no-listen", h.run.base+demo.StatelessPath, "tools/call greet name=Ann"); code != 0 {
		t.Fatalf("exec through the proxy exited %d:\n%s", code, errs)
	}
	h.stop()
	out, errs, code := run(t, "replay", onlyRecording(t, h.dir), "--against", up.URL+demo.StatelessPath)
	if code != 0 {
		t.Fatalf("replay --against exited %d:\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "same        server/discover") {
		t.Errorf("the re-run does not compare the session's server/discover:\n%s", out)
	}
	if strings.Contains(out+errs, "detection probe") {
		t.Errorf("the re-run calls the session's server/discover a detection probe:\n%s%s", out, errs)
	}
}
