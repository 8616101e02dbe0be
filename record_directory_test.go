package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// --record naming a directory (one that is there, or a path ending in /)
// is refused in one wording by exec, the TUI and proxy: the path is a
// directory, and what to pass instead, or to leave --record out and record
// to the sessions directory. exec and the TUI said "not a regular file"
// with advice about exec --json (after making the directory a path ending
// in / named), and proxy said only "unknown flag: --record".
func TestRecordNamingADirectoryIsWordedAlike(t *testing.T) {
	sessions := stateDir(t)
	url := mcptest.NewStreamable(t, mcptest.StreamableOptions{}).Endpoint()
	dir := t.TempDir()
	missing := filepath.Join(dir, "later") + "/"
	leave := "or leave --record out to record to the sessions directory (" + sessions + ")"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"exec", "--record", dir + "/", url, "ping"}, "--record " + dir + "/ is a directory: name a file in it, e.g. " + filepath.Join(dir, "session.jsonl") + ", " + leave},
		{[]string{"exec", "--record", dir, url, "ping"}, "--record " + dir + " is a directory: name a file in it, e.g. " + filepath.Join(dir, "session.jsonl") + ", " + leave},
		{[]string{"exec", "--record", missing, url, "ping"}, "--record " + missing + " ends in /, so it names a directory: name a file in it, e.g. " + filepath.Join(missing, "session.jsonl") + ", " + leave},
		{[]string{"--record", dir + "/", url}, "--record " + dir + "/ is a directory: name a file in it, e.g. " + filepath.Join(dir, "session.jsonl") + ", " + leave},
		{[]string{"proxy", "--headless", "--record", dir + "/", url}, "--record " + dir + "/ is a directory: pass --record-dir " + dir + "/ (proxy records each client's session to a file of its own in it), " + leave},
		{[]string{"proxy", "--headless", "--record", filepath.Join(dir, "x.jsonl"), url}, "--record " + filepath.Join(dir, "x.jsonl") + " names one file: pass --record-dir DIR (proxy records each client's session to a file of its own in it), " + leave},
	} {
		out, errOut, code := run(t, tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, want %d saying %q\n%s\n%s", tc.args, code, exitUsage, tc.want, out, errOut)
		}
	}
	if _, err := os.Stat(missing); err == nil {
		t.Errorf("--record %s made the directory it was refused for", missing)
	}
	if entries, _ := os.ReadDir(sessions); len(entries) > 0 {
		t.Errorf("a refused --record still recorded to the sessions directory: %d files", len(entries))
	}
}
