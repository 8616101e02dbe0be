package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// mcpscope sessions printed to a pipe fits 80 columns, and still gives each
// recording's whole path on a line of its own, ready to copy into replay.
func TestSessionsFitEightyColumns(t *testing.T) {
	dir := stateDir(t)
	t.Setenv("COLUMNS", "")
	url := demotest.Start(t, demo.Options{}).URL
	for _, era := range []string{"/sse", "/mcp", "/stateless"} {
		if _, errOut, code := run(t, "exec", url+era, "tools/list"); code != exitOK {
			t.Fatalf("exec %s: exit %d: %s", era, code, errOut)
		}
	}
	out, _, code := run(t, "sessions")
	if code != exitOK {
		t.Fatalf("sessions: exit %d", code)
	}
	paths := 0
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if p := strings.TrimSpace(l); strings.HasPrefix(p, dir) && strings.HasSuffix(p, ".jsonl") {
			paths++ // a path is never cut, however long the state directory
			continue
		}
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("a line of sessions is %d columns wide: %q\n%s", n, l, out)
		}
	}
	if paths != 3 || !strings.Contains(out, url+"/stateless") {
		t.Errorf("sessions shows %d whole paths, want 3, and every URL:\n%s", paths, out)
	}

	// COLUMNS widens a listing piped to a pager: one line per recording,
	// its path last.
	t.Setenv("COLUMNS", "400")
	out, _, _ = run(t, "sessions")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 6 || !strings.HasSuffix(lines[1], ".jsonl") || !strings.Contains(lines[0], "FILE") {
		t.Errorf("with COLUMNS=400 sessions wrote\n%s\nwant a header, a line per recording ending in its path, and the count", out)
	}
}
