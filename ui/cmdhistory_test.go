package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

func TestCommandLineHistoryAcrossRuns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "mcpscope", "history")
	c := newLine(t, path)
	for _, line := range []string{"tools/list", "tools/call search query=a", "tools/call search query=a", "initialize"} {
		clPress(c, runes(line))
		if s := submitted(clPress(c, keyEnter)); s == nil {
			t.Fatalf("%q was not sent", line)
		}
		c.Focus("")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the history file was not written: %v", err)
	}
	if got, want := string(data), "tools/list\ntools/call search query=a\ninitialize\n"; got != want {
		t.Errorf("history file = %q, want %q", got, want)
	}
	if fi, err := os.Stat(path); err == nil && fi.Mode().Perm() != 0o600 {
		t.Errorf("history file mode = %v, want 0600 (commands can hold tokens)", fi.Mode().Perm())
	}

	c2 := newLine(t, path)
	clPress(c2, runes("draft"))
	steps := []struct {
		key  tea.KeyMsg
		want string
	}{
		{keyUp, "initialize"},
		{keyUp, "tools/call search query=a"},
		{keyUp, "tools/list"},
		{keyUp, "tools/list"},
		{keyDown, "tools/call search query=a"},
		{keyDown, "initialize"},
		{keyDown, "draft"},
		{keyDown, "draft"},
	}
	for i, s := range steps {
		clPress(c2, s.key)
		if got := c2.input.Value(); got != s.want {
			t.Errorf("step %d: line %q, want %q", i, got, s.want)
		}
		if got := viewLines(c2)[0]; !strings.Contains(got, s.want) {
			t.Errorf("step %d: input line %q does not show %q", i, got, s.want)
		}
	}
}

func TestCommandLineHistoryCap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	var lines []string
	for i := range historyCap + 5 {
		lines = append(lines, "ping n="+strings.Repeat("x", i%7)+string(rune('a'+i%26)))
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\r\n")+"\n\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c := newLine(t, path)
	clPress(c, runes("initialize"))
	clPress(c, keyEnter)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(got) != historyCap {
		t.Fatalf("history file has %d lines, want %d", len(got), historyCap)
	}
	if got[0] != lines[6] || got[len(got)-1] != "initialize" {
		t.Errorf("history file runs %q … %q, want %q … %q", got[0], got[len(got)-1], lines[6], "initialize")
	}
}

func TestCommandLineUnreadableHistory(t *testing.T) {
	dir := t.TempDir() // a directory where the file should be
	c := NewCommandLine(plainStyles(), DefaultKeyMap(), dir)
	if got := hintOf(c); !strings.Contains(got, "command history not kept") {
		t.Errorf("hint %q does not report the unreadable history", got)
	}
	c.Focus("ping")
	if s := submitted(clPress(c, keyEnter)); s == nil {
		t.Fatalf("ping was not sent")
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Errorf("the unreadable history path was replaced: %v", err)
	}
}

func TestCommandLineHistorySaveError(t *testing.T) {
	dir := t.TempDir()
	c := newLine(t, filepath.Join(dir, "state", "history"))
	clPress(c, runes("ping"))
	_, cmd := c.Update(keyEnter)
	// The state directory cannot be made once a file sits where it goes.
	if err := os.WriteFile(filepath.Join(dir, "state"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	var saveErr tea.Msg
	for _, m := range clRunCmd(cmd) {
		if _, ok := m.(SubmitMsg); !ok {
			saveErr = m
		}
	}
	if saveErr == nil {
		t.Fatal("no message reported the failed save")
	}
	c.Blur()
	c.Update(saveErr)
	if got := hintOf(c); !strings.Contains(got, "saving command history") {
		t.Errorf("hint %q does not report the failed save", got)
	}
}
