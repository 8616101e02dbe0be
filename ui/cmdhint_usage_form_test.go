package ui

import (
	"strings"
	"testing"
)

// completion/complete has two forms; once "resource" is typed the hint
// showed the prompt form first, and 80 columns cut the resource form off
// the row: the hint named the form the user had not chosen. It names the
// form the line has taken.
func TestCommandLineHintNamesTheUsageFormTyped(t *testing.T) {
	for _, tc := range []struct{ typed, want, not string }{
		{"completion/complete resource ", "completion/complete resource TEMPLATE VAR=VALUE", "prompt NAME"},
		{"completion/complete prompt ", "completion/complete prompt NAME ARG=VALUE", "resource TEMPLATE"},
	} {
		c := newLine(t, "")
		clPress(c, runes(tc.typed))
		hint := hintOf(c)
		if !strings.Contains(hint, tc.want) || strings.Contains(hint, tc.not) {
			t.Errorf("%q: hint %q, want %q and not %q", tc.typed, hint, tc.want, tc.not)
		}
	}
}
