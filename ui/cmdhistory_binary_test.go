package ui

import (
	"os"
	"path/filepath"
	"testing"
)

// A history file holding binary lines (NULs, bytes that are not UTF-8, an
// escape) gives ↑ only the commands among them: the rest were never typed,
// and sent they would reach the server as garbage.
func TestCommandLineHistorySkipsBinaryLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	data := "tools/list\n\x00\x00\x00\x00\n\x7fELF\x02\x01\x01\x00\x00\n\xff\xfe n\x00o\n\x1b]52;c;aGk=\x07\ngreet name=é\ninitialize\r\n"
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	c := newLine(t, path)
	var got []string
	for range 6 {
		clPress(c, keyUp)
		got = append(got, c.input.Value())
	}
	want := []string{"initialize", "greet name=é", "tools/list", "tools/list", "tools/list", "tools/list"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("↑ walked %q, want %q", got, want)
		}
	}
}
