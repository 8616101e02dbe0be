package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A session recorded with a root offered re-runs with that root offered,
// though replay --against is given none: a tool that lists the client's
// roots answers as it did, not "the client has no roots".
func TestRerunOffersTheRootsRecorded(t *testing.T) {
	for _, path := range []string{"/sse", "/mcp", "/stateless"} {
		t.Run(path, func(t *testing.T) {
			dir := stateDir(t)
			root := t.TempDir()
			url := demotest.Start(t, demo.Options{}).URL + path
			out, errOut, code := run(t, "exec", "--root", root, url, "tools/call list_roots")
			if code != exitOK || !strings.Contains(out, "the client has 1 root") {
				t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
			}
			again := demotest.Start(t, demo.Options{}).URL + path
			out, errOut, code = run(t, "replay", onlyRecording(t, dir), "--against", again)
			if code != exitOK || !strings.Contains(out, "0 different") || !strings.Contains(out, "tools/call list_roots") {
				t.Errorf("re-run: exit %d\n%s\n%s", code, out, errOut)
			}
		})
	}
}

// A --root given to replay --against is what the user asked the server to
// see: it wins over the recorded roots, so the tool that lists them now
// answers differently, and the re-run says so.
func TestRerunRootFlagWinsOverTheRecordedRoots(t *testing.T) {
	dir := stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL + "/mcp"
	out, errOut, code := run(t, "exec", "--root", t.TempDir(), url, "tools/call list_roots")
	if code != exitOK || !strings.Contains(out, "the client has 1 root") {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	other := t.TempDir()
	again := demotest.Start(t, demo.Options{}).URL + "/mcp"
	out, errOut, _ = run(t, "replay", onlyRecording(t, dir), "--against", again, "--root", other)
	if !strings.Contains(out, "1 different") || !strings.Contains(out, filepath.Base(other)) {
		t.Errorf("re-run with --root %s:\n%s\n%s", other, out, errOut)
	}
}
