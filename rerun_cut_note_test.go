package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A re-run's report to a file or a pipe is laid out for 80 columns, and a
// changed answer longer than that is shown cut, around where it changed:
// nothing said that the rest was left out or where to read it whole. A
// note on stderr says so, and only when something was cut.
func TestRerunSaysWhenAnswersWereCut(t *testing.T) {
	dir := stateDir(t)
	t.Setenv("COLUMNS", "")
	hello := demotest.Start(t, demo.Options{}).URL
	hi := demotest.Start(t, demo.Options{Greeting: "Hi"}).URL
	for _, tc := range []struct {
		name string
		cut  bool
	}{
		{"Ann", false},
		{strings.Repeat("Annabel", 20), true},
	} {
		rec := filepath.Join(dir, fmt.Sprintf("greet-%d.jsonl", len(tc.name)))
		if _, errOut, code := run(t, "exec", "--record", rec, hello+"/mcp", "tools/call greet name="+tc.name); code != exitOK {
			t.Fatalf("exec: exit %d: %s", code, errOut)
		}
		out, errOut, code := run(t, "replay", rec, "--against", hi+"/mcp")
		if code != exitFailed || !strings.Contains(out, "different   tools/call greet") {
			t.Fatalf("a greeting of %d bytes: exit %d, want %d and greet different\n%s\n%s", len(tc.name), code, exitFailed, out, errOut)
		}
		if said := strings.Contains(errOut, "--json gives them whole"); said != tc.cut {
			t.Errorf("a greeting of %d bytes: note that answers were cut said %v, want %v\nstdout:\n%s\nstderr:\n%s", len(tc.name), said, tc.cut, out, errOut)
		}
	}
}

// A report already as wide as the note's advice (COLUMNS=200, or a wide
// terminal) that still cut an answer says --json gives it whole, not that
// COLUMNS=200 would widen it: that width is the one it was cut at.
func TestRerunCutNoteAtItsOwnWidth(t *testing.T) {
	dir := stateDir(t)
	t.Setenv("COLUMNS", "200")
	hello := demotest.Start(t, demo.Options{}).URL
	hi := demotest.Start(t, demo.Options{Greeting: "Hi"}).URL
	rec := filepath.Join(dir, "greet-long.jsonl")
	if _, errOut, code := run(t, "exec", "--record", rec, hello+"/mcp", "tools/call greet name="+strings.Repeat("Annabel", 60)); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	out, errOut, code := run(t, "replay", rec, "--against", hi+"/mcp")
	if code != exitFailed || !strings.Contains(errOut, "--json gives them whole") {
		t.Fatalf("exit %d, want %d and the note that answers were cut\nstdout:\n%s\nstderr:\n%s", code, exitFailed, out, errOut)
	}
	if strings.Contains(errOut, "COLUMNS=") {
		t.Errorf("at 200 columns the note offers a width that would not widen the report:\n%s", errOut)
	}
}
