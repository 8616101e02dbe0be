package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A proxied client whose every POST upstream redirected (/mcp to /mcp/)
// sent each message twice: the recording holds the redirected copy and the
// one sent where the redirect pointed. Re-run, both went: each request
// twice, the first judged against its recorded 307 as a difference.
func TestRerunOfRedirectedMessagesSendsEachOnce(t *testing.T) {
	up := demotest.Mounted(t, demo.Options{})
	h := startHeadless(t, up.URL+demo.StreamablePath, proxyFlags{})
	stateDir(t)
	if _, errs, code := run(t, "exec", "--no-record", h.run.base+demo.StreamablePath, "tools/call greet name=Ann"); code != 0 {
		t.Fatalf("exec through the proxy exited %d:\n%s", code, errs)
	}
	h.stop()
	var called string
	files, _ := filepath.Glob(filepath.Join(h.dir, "*.jsonl"))
	for _, f := range files {
		if b, err := os.ReadFile(f); err == nil && strings.Contains(string(b), `"tools/call"`) {
			called = f
		}
	}
	if called == "" {
		t.Fatalf("no recording in %s holds the tools/call (%d files)", h.dir, len(files))
	}
	out, errs, code := run(t, "replay", called, "--against", up.URL+demo.StreamablePath)
	if code != 0 {
		t.Fatalf("replay --against exited %d:\n%s%s", code, out, errs)
	}
	said := strings.Join(strings.Fields(out+errs), " ")
	if n := strings.Count(out, "tools/call greet"); n != 1 || !strings.Contains(said, "3 requests: 3 same, 0 different") {
		t.Errorf("the re-run judged tools/call greet %d times (want once, the same):\n%s%s", n, out, errs)
	}
	if !strings.Contains(said, "2 messages upstream redirected") {
		t.Errorf("the re-run's count does not say which recorded messages it left out as redirected:\n%s%s", out, errs)
	}
}
