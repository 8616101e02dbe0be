package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// mcpscope sessions on 80 columns fits them, and still gives each
// recording's whole path (or, too long for it, its name) on a line of its
// own, ready to copy into replay.
func TestSessionsFitEightyColumns(t *testing.T) {
	dir := stateDir(t)
	t.Setenv("COLUMNS", "80")
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
		if p := strings.TrimSpace(l); (strings.HasPrefix(p, dir) || !strings.Contains(p, " ")) && strings.HasSuffix(p, ".jsonl") {
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
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 4 || !strings.HasSuffix(lines[3], ".jsonl") || !strings.Contains(lines[0], "FILE") {
		t.Errorf("with COLUMNS=400 sessions wrote\n%s\nwant a header, a line per recording ending in its path, and the count", out)
	}
}

// Printed to a pipe (no terminal, no COLUMNS), sessions is whole: every
// column its help names, one line per recording with its path last, for
// grep and scripts. It was laid out for 80 columns a pipe does not have,
// and a long URL left out the duration and the size.
func TestSessionsPipedAreWhole(t *testing.T) {
	stateDir(t)
	t.Setenv("COLUMNS", "")
	url := demotest.Start(t, demo.Options{}).URL
	long := url + "/mcp?" + strings.Repeat("x", 60) + "=1"
	if _, errOut, code := run(t, "exec", long, "tools/list"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	out, _, code := run(t, "sessions")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitOK || len(lines) != 2 {
		t.Fatalf("sessions: exit %d, want a header and one line:\n%s", code, out)
	}
	for _, col := range []string{"STARTED", "DURATION", "REQS", "ERRS", "SIZE", "URL", "FILE"} {
		if !strings.Contains(lines[0], col) {
			t.Errorf("piped sessions has no %s column:\n%s", col, out)
		}
	}
	if !strings.Contains(lines[1], long) || !strings.HasSuffix(lines[1], ".jsonl") || !strings.Contains(lines[1], "KiB") {
		t.Errorf("piped sessions' line is not the recording's whole row:\n%s", out)
	}
}
