package main

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// mcpscope themes fits an 80-column terminal (a pipe is laid out for one,
// as mcpscope sessions is): each description wraps under itself, whole,
// where its line had run to 175 columns. COLUMNS widens it back to a line
// per theme.
func TestThemesFitEightyColumns(t *testing.T) {
	t.Setenv("COLUMNS", "")
	out, errOut, code := run(t, "themes")
	if code != exitOK {
		t.Fatalf("themes: exit %d: %s", code, errOut)
	}
	for _, l := range strings.Split(ansi.Strip(out), "\n") {
		if w := ansi.StringWidth(l); w > 80 && !strings.HasPrefix(l, "User themes: ") {
			t.Errorf("a line of themes is %d columns wide: %q", w, l)
		}
	}
	flat := strings.Join(strings.Fields(ansi.Strip(out)), " ")
	if want := "no colour: bold, faint, reverse and underline only (used when NO_COLOR is set)"; !strings.Contains(flat, want) {
		t.Errorf("mono's description is not all there, in order:\n%s", out)
	}
	t.Setenv("COLUMNS", "400")
	out, _, _ = run(t, "themes")
	if !strings.Contains(ansi.Strip(out), "██   follows the terminal: light on light backgrounds, dark on dark ones\n") {
		t.Errorf("with COLUMNS=400 the default theme's description is not on its swatch's line:\n%s", out)
	}
}
