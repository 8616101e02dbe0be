package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A title too long for its box was cut against the border, its padding
// cut with it: "during tools/call trigger-elicitatio…─╮" at 80 columns,
// where a whole one reads "Pairs 8 ───". A cut title keeps the space
// after it, as a whole one has.
func TestBoxCutTitleKeepsItsSpace(t *testing.T) {
	st := testStyles()
	c := newCommon(&st, nil, nil, nil)
	for _, focused := range []bool{false, true} {
		lines := c.frame("asks: elicitation/create · 59s left · during tools/call "+strings.Repeat("x", 80), nil, 40, 3, focused)
		top := ansi.Strip(lines[0])
		if ansi.StringWidth(top) != 40 || !strings.HasSuffix(top, "… ─╮") {
			t.Errorf("focused %v: the top border = %q, want 40 cells ending %q", focused, top, "… ─╮")
		}
	}
}
