package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The roots a session offers (--root) are in its recording's header, for
// a replay to show in Negotiation as the live session did: the records
// hold them only when the server asked, and its replay showed no roots.
func TestRecordingKeepsTheRootsOffered(t *testing.T) {
	dir := stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL + "/mcp"
	root := t.TempDir()
	_, errOut, code := run(t, "exec", "--root", root, url, "tools/list")
	if code != exitOK {
		t.Fatalf("exec --root: exit %d: %s", code, errOut)
	}
	r, err := history.Open(onlyRecording(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	roots := r.Header().Roots
	if len(roots) != 1 || !strings.HasPrefix(roots[0].URI, "file:///") || !strings.HasSuffix(roots[0].URI, strings.TrimPrefix(root, "/")) {
		t.Errorf("the recording's header holds roots %+v, want the one offered, %s", roots, root)
	}
}
