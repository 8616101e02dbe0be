package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// With a long home directory, quitting names the recording from ~/, as
// its replay and export commands do, on a line within 80 columns that a
// shell reads back as the path: "session recorded to:" gave the whole
// path, which soft-wrapped mid-path, and a mouse selected half of it.
func TestQuitNamesTheRecordingFromTildeWithinEightyColumns(t *testing.T) {
	home := filepath.Join(shortTempDir(t), "home", strings.Repeat("a-long-user-name-", 3))
	t.Setenv("HOME", home)
	name := "2026-11-28T04-44-48_127.0.0.1-10956.jsonl"
	path := filepath.Join(home, ".local", "state", "mcpscope", "sessions", name)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	out := reportAt(t, path, 80)
	want := "session recorded to:\n  ~/.local/state/mcpscope/sessions/" + name + "\n"
	if !strings.HasPrefix(out, want) {
		t.Fatalf("quitting said\n%s\nwant it to begin\n%s", out, want)
	}
	line := strings.Split(out, "\n")[1]
	if ansi.StringWidth(line) > 80 {
		t.Errorf("the recording's line is wider than 80 columns: %q", line)
	}
	if got := argsInBash(t, "echo "+strings.TrimSpace(line)); len(got) != 2 || got[1] != path {
		t.Errorf("the recording's line read by bash is %q, want %q", got, path)
	}
}

// The default recording path of a longer host name is 78 columns from ~/:
// the replay and export commands' path line indented it 4 columns, and at
// 80 it wrapped mid-path. It goes at 2 when 4 does not fit, as the
// "session recorded to" line has it, and still pastes as one command.
func TestQuitCommandsPathLineFitsEightyColumnsAtTwo(t *testing.T) {
	home := filepath.Join(shortTempDir(t), "home", "alice")
	t.Setenv("HOME", home)
	name := "2026-11-28T04-44-48_mcp.example.io-8443.jsonl"
	path := filepath.Join(home, ".local", "state", "mcpscope", "sessions", name)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	out := reportAt(t, path, 80)
	_, commands, _ := strings.Cut(out, "replay it:\n")
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if ansi.StringWidth(line) > 80 {
			t.Errorf("a line wider than 80 columns: %q\n%s", line, out)
		}
	}
	pasted, _, _ := strings.Cut(commands, "\nexport it:")
	if got := argsInBash(t, pasted); len(got) != 3 || got[2] != path {
		t.Errorf("the replay command pasted into bash is %q, want mcpscope replay %q", got, path)
	}
}
