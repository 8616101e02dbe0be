package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Piped, a recording that ends without its close carries a note of some
// 200 columns after its URL: every other row was padded to it, its path
// that far right and the line ending in spaces on a row of its own. The
// note makes its own row long, no other, and follows its path, which is
// in line with the other rows' under FILE (in the URL column it pushed
// that path out of line).
func TestSessionsPipedDoNotPadToANote(t *testing.T) {
	dir := stateDir(t)
	t.Setenv("COLUMNS", "")
	url := demotest.Start(t, demo.Options{}).URL
	if _, errOut, code := run(t, "exec", url+"/mcp", "tools/list"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	whole := onlyRecording(t, dir)
	b, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	// The first records only: no close, as when mcpscope is killed.
	lines := strings.SplitAfter(string(b), "\n")
	if err := os.WriteFile(filepath.Join(dir, "2000-01-01T00-00-00_killed.jsonl"), []byte(strings.Join(lines[:3], "")), 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, code := run(t, "sessions")
	rows := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitOK || len(rows) != 3 {
		t.Fatalf("sessions: exit %d, want a header and two lines:\n%s", code, out)
	}
	var noted, plain string
	for _, r := range rows[1:3] {
		if strings.Contains(r, "ends without its close") {
			noted = r
		} else {
			plain = r
		}
	}
	if noted == "" || !strings.Contains(noted, "_killed.jsonl  (it ends without its close)") {
		t.Fatalf("no row says the copy ends without its close after its path:\n%s", out)
	}
	// Columns in runes: a duration under a millisecond reads "999µs",
	// whose µ is two bytes and one column.
	if at, want, file := columnOf(noted, dir), columnOf(plain, dir), columnOf(rows[0], "FILE"); at != want || at != file {
		t.Errorf("the noted row's path is at column %d, the other's at %d, FILE at %d:\n%s", at, want, file, out)
	}
	if !strings.HasSuffix(plain, url+"/mcp  "+whole) {
		t.Errorf("the whole recording's path is not two spaces after its URL:\n%s", out)
	}
	for _, r := range strings.Split(out, "\n") {
		if strings.TrimRight(r, " ") != r {
			t.Errorf("a line ends in spaces: %q", r)
		}
	}
}

// columnOf is the column, in runes, where sub starts in line; -1 if absent.
func columnOf(line, sub string) int {
	i := strings.Index(line, sub)
	if i < 0 {
		return -1
	}
	return utf8.RuneCountInString(line[:i])
}
