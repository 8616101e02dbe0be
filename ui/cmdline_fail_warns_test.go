package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A line with an error and warnings says both at Enter: the warnings
// (a value outside an enum, an unknown key) came only once the error was
// fixed, one more Enter each, where the user could have fixed all at once.
// At 80 columns they fit the rows under the line, the rest counted.
func TestCommandLineErrorSaysTheWarningsToo(t *testing.T) {
	for _, tc := range []struct {
		typed string
		want  []string
	}{
		{"tools/call search query=x limit=abc mode=slow", []string{"✗ cannot send: limit", "⚠ also: mode: \"slow\" is not one of"}},
		{"tools/call search query=x limit=abc a1=1 a2=1 a3=1 a4=1 a5=1 a6=1",
			[]string{"✗ cannot send: limit", "⚠ also: a1: unknown key", "more"}},
	} {
		c := newLine(t, "")
		c.SetSize(80)
		clPress(c, runes(tc.typed))
		if s := submitted(clPress(c, keyEnter)); s != nil {
			t.Fatalf("%q was sent despite an error: %+v", tc.typed, s)
		}
		rows := viewLines(c)[1:]
		said := strings.Join(rows, " ")
		for _, w := range tc.want {
			if !strings.Contains(said, w) {
				t.Errorf("%q: under the line %q, want %q", tc.typed, rows, w)
			}
		}
		if len(rows) > maxCmdLineHeight-1 || strings.HasSuffix(strings.TrimSpace(said), "…") {
			t.Errorf("%q: %d rows under the line, the last cut: %q", tc.typed, len(rows), rows)
		}
		for _, r := range rows {
			if ansi.StringWidth(r) > 80 {
				t.Errorf("%q: row %q wider than 80", tc.typed, r)
			}
		}
	}
}
