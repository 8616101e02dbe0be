package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Why the history could not be saved at quit is wrapped between words at
// the terminal's width (the terminal broke "/tmp/hostile18|/ro/history.lock"
// mid-path), and the commands it lacks stay one a line, to be copied.
func TestHistoryQuitErrorWrapsAtTheWidth(t *testing.T) {
	dir := t.TempDir()
	c := newLine(t, filepath.Join(dir, "state", "history"))
	// The state directory cannot be made once a file sits where it goes.
	if err := os.WriteFile(filepath.Join(dir, "state"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	line := "ping"
	clPress(c, runes(line))
	c.Update(keyEnter)
	var out strings.Builder
	c.hist.quit(&out, 40)
	rows := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(rows) < 3 || rows[len(rows)-1] != "    "+line {
		t.Fatalf("the quit error does not end with the lost command whole:\n%s", out.String())
	}
	for _, r := range rows[:len(rows)-2] {
		if ansi.StringWidth(r) > 40 && strings.Contains(strings.TrimSpace(r), " ") {
			t.Errorf("row %q is wider than the terminal's 40 columns", r)
		}
	}
	if !strings.Contains(out.String(), "not a directory") {
		t.Errorf("the quit error does not say why:\n%s", out.String())
	}
}
