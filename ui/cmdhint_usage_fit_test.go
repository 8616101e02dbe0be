package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// At 80 columns the usage of completion/complete, two forms, was cut to
// "…(alias: complete)  …": the resource form was off the row, and the cut
// left a double space before "…". A usage too wide for the row drops what
// it repeats or can do without (the method named again, the remarks in
// parentheses, the optional words) before any form is cut off; at 160
// columns it is whole.
func TestCommandLineUsageHintKeepsEveryForm(t *testing.T) {
	for _, tc := range []struct {
		width int
		want  []string
	}{
		{80, []string{"completion/complete prompt NAME ARG=VALUE", "or  resource TEMPLATE VAR=VALUE"}},
		{160, []string{"completion/complete prompt NAME ARG=VALUE [arg=value ...] (alias: complete)", "or  completion/complete resource TEMPLATE VAR=VALUE [var=value ...]"}},
	} {
		c := newLine(t, "")
		c.SetSize(tc.width)
		clPress(c, runes("complete "))
		hint := hintOf(c)
		for _, w := range tc.want {
			if !strings.Contains(hint, w) {
				t.Errorf("%d: hint %q, want %q in it", tc.width, hint, w)
			}
		}
		if strings.Contains(hint, "…") || strings.Contains(hint, "  …") || ansi.StringWidth(hint) > tc.width {
			t.Errorf("%d: hint %q is cut", tc.width, hint)
		}
	}
}

// A cut after a word never leaves two spaces before "…".
func TestCutAtWordLeavesOneSpace(t *testing.T) {
	if got := cutAtWord("(alias: complete)  or  completion/complete", 21); got != "(alias: complete) …" {
		t.Errorf("cutAtWord = %q, want %q", got, "(alias: complete) …")
	}
}
