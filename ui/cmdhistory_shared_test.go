package ui

import (
	"os"
	"path/filepath"
	"testing"
)

// Two mcpscopes open at once share one history file: each one's commands
// are added to it, and neither's save replaces what the other wrote.
// Before, each wrote the history it had loaded at its start plus its own
// commands, so the one that saved last erased the other's.
func TestCommandLineHistorySharedByTwoRuns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	if err := os.WriteFile(path, []byte("initialize\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	a, b := newLine(t, path), newLine(t, path)
	send := func(c *CommandLine, line string) {
		t.Helper()
		clPress(c, runes(line))
		if s := submitted(clPress(c, keyEnter)); s == nil {
			t.Fatalf("%q was not sent", line)
		}
		c.Focus("")
	}
	send(a, "tools/call search query=a")
	send(b, "tools/call search query=b")
	send(a, "tools/list")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := "initialize\ntools/call search query=a\ntools/call search query=b\ntools/list\n"
	if got := string(data); got != want {
		t.Errorf("history file = %q, want %q (both runs' commands, in the order sent)", got, want)
	}
	c := newLine(t, path)
	clPress(c, keyUp)
	clPress(c, keyUp)
	if got := c.input.Value(); got != "tools/call search query=b" {
		t.Errorf("a third run's second ↑ shows %q, want the other run's %q", got, "tools/call search query=b")
	}
}
