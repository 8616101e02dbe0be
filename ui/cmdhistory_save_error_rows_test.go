package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A failed save of the command history wider than the line is wrapped
// between words, not cut to one row: at 80 columns "saving command history
// to /home/…/history: write /home/…/.history.123: no space l…" lost why,
// and said the temporary file's name, which the user never gave.
func TestCommandLineHistorySaveErrorWraps(t *testing.T) {
	dir := t.TempDir()
	c := newLine(t, filepath.Join(dir, "state", "history"))
	c.SetSize(80)
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
	rows := viewLines(c)[1:]
	said := strings.Join(rows, " ")
	for _, want := range []string{"saving command history", "not a directory"} {
		if !strings.Contains(said, want) {
			t.Errorf("the line's rows do not say %q:\n%s", want, strings.Join(rows, "\n"))
		}
	}
	for _, r := range rows {
		if ansi.StringWidth(r) > 80 {
			t.Errorf("row %q is wider than the line's 80 columns", r)
		}
	}
	if c.Height() != 1+len(rows) {
		t.Errorf("the line says it is %d rows high, but draws %d", c.Height(), 1+len(rows))
	}
}
