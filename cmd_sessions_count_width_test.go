package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// With a state directory of 70 columns, "1 recording in DIR" was 90
// columns wide and wrapped at 80 mid-path. The directory goes on a line
// of its own when the line does not fit, the other .jsonl after it.
func TestSessionsCountLineFitsEightyColumns(t *testing.T) {
	base := shortTempDir(t)
	state := filepath.Join(base, strings.Repeat("d", 69-len(base)))
	t.Setenv("MCPSCOPE_STATE_DIR", state)
	t.Setenv("COLUMNS", "80")
	url := demotest.Start(t, demo.Options{}).URL
	if _, errOut, code := run(t, "exec", url+"/mcp", "tools/list"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	dir := filepath.Join(state, "sessions")
	if err := os.WriteFile(filepath.Join(dir, "notes.jsonl"), []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, said, code := run(t, "sessions")
	if code != exitOK {
		t.Fatalf("sessions: exit %d: %s", code, said)
	}
	want := "1 recording in:\n" + dir + "\nand 1 other .jsonl (listed last, not a recording)\n"
	if !strings.Contains(said, want) {
		t.Errorf("sessions said\n%s\nwant\n%s", said, want)
	}
	for _, l := range strings.Split(said, "\n") {
		if ansi.StringWidth(l) > 80 {
			t.Errorf("a line wider than 80 columns: %q", l)
		}
	}
}

// The count line names its folder as the wrapped form does, quoted as a
// shell reads it: on one line a folder with a space was bare, two
// arguments when pasted.
func TestSessionsCountLineQuotesTheFolder(t *testing.T) {
	stateDir(t)
	t.Setenv("COLUMNS", "")
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	dir := filepath.Join(t.TempDir(), "Ann's recordings")
	if _, errOut, code := run(t, "exec", "--record", filepath.Join(dir, "a.jsonl"), srv.Endpoint(), "tools/list"); code != exitOK {
		t.Fatalf("exec --record: exit %d: %s", code, errOut)
	}
	_, said, code := run(t, "sessions", dir)
	if want := "1 recording in " + command.ShellPath(dir) + "\n"; code != exitOK || !strings.Contains(said, want) {
		t.Errorf("sessions: exit %d, said\n%s\nwant %q", code, said, want)
	}
}
