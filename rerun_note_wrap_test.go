package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// replay --against's notes fit the terminal's width: at 80 columns "note:
// answers were cut to fit 80 columns: --json gives them whole (or
// COLUMNS=200 widens the report)" ran 99 wide.
func TestRerunNotesFitTheTerminal(t *testing.T) {
	dir := stateDir(t)
	t.Setenv("COLUMNS", "80")
	hello := demotest.Start(t, demo.Options{}).URL
	hi := demotest.Start(t, demo.Options{Greeting: "Hi"}).URL
	rec := filepath.Join(dir, "greet-long.jsonl")
	if _, errOut, code := run(t, "exec", "--record", rec, hello+"/mcp", "tools/call greet name="+strings.Repeat("Annabel", 20)); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	out, errOut, code := run(t, "replay", rec, "--against", hi+"/mcp", "--ignore", "$.result.no_such_field_anywhere")
	if code != exitFailed || !strings.Contains(strings.Join(strings.Fields(errOut), " "), "--json gives them whole") {
		t.Fatalf("exit %d, want %d and the note that answers were cut\nstdout:\n%s\nstderr:\n%s", code, exitFailed, out, errOut)
	}
	for _, line := range strings.Split(errOut, "\n") {
		if n := ansi.StringWidth(line); n > 80 {
			t.Errorf("a line of stderr is %d wide at 80 columns: %q", n, line)
		}
	}
}
