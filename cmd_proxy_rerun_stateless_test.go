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
	out, errs := rerunProxiedStateless(t, "--no-listen")
	if !strings.Contains(out, "same        server/discover") {
		t.Errorf("the re-run does not compare the session's server/discover:\n%s", out)
	}
	if strings.Contains(out+errs, "detection probe") {
		t.Errorf("the re-run calls the session's server/discover a detection probe:\n%s%s", out, errs)
	}
}

// A 2026 client's listen stream recorded by the proxy is the client's:
// re-run against the server, the count said it left out "1 listen of
// mcpscope's own", naming as its sender the mcpscope that only relayed it.
func TestRerunOfProxiedListenNamesTheClient(t *testing.T) {
	out, errs := rerunProxiedStateless(t)
	if !strings.Contains(out, "1 listen the proxied client opened") || strings.Contains(out+errs, "mcpscope's own") {
		t.Errorf("the re-run's count does not name the proxied client as the listen's sender:\n%s%s", out, errs)
	}
}

// rerunProxiedStateless records, through a headless proxy, exec (with
// flags) calling a tool of the demo's stateless endpoint, and re-runs the
// proxy's recording against the demo: the report and stderr.
func rerunProxiedStateless(t *testing.T, flags ...string) (out, errs string) {
	t.Helper()
	up := demotest.Start(t, demo.Options{})
	h := startHeadless(t, up.URL, proxyFlags{})
	stateDir(t)
	args := append(append([]string{"exec", "--no-record"}, flags...), h.run.base+demo.StatelessPath, "tools/call greet name=Ann")
	if _, errs, code := run(t, args...); code != 0 {
		t.Fatalf("exec through the proxy exited %d:\n%s", code, errs)
	}
	h.stop()
	out, errs, code := run(t, "replay", onlyRecording(t, h.dir), "--against", up.URL+demo.StatelessPath)
	if code != 0 {
		t.Fatalf("replay --against exited %d:\n%s%s", code, out, errs)
	}
	return out, errs
}
