package ui

import (
	"strings"
	"testing"
)

// A tool's text holding CR LF ("line\r\n") shows its escapes whole, and a
// row that ends a line of the text ends after its \r\n: a row cut between
// \r and \n began the next with "\n", and one cut inside an escape left a
// lone backslash at the end of a row.
func TestJSONLinesKeepsCRLFTogether(t *testing.T) {
	for pad := 0; pad < 12; pad++ {
		text := strings.Repeat("x", pad) + strings.Repeat(`one two three four five six\r\n`, 4) + `end`
		for _, width := range []int{30, 31, 32, 33, 34, 35, 40, 41, 42, 43} {
			lines := stripAll(JSONLines(`{"text":"`+text+`"}`, colourStyles(), true, width, 0))
			for i, l := range lines {
				row := strings.TrimSpace(l)
				if strings.HasPrefix(row, `\n`) || strings.HasPrefix(row, `n`) && i > 0 && strings.HasSuffix(strings.TrimSpace(lines[i-1]), `\`) ||
					strings.HasPrefix(row, `r\n`) {
					t.Fatalf("pad %d width %d: row %d splits an escape of CR LF:\n%s", pad, width, i, strings.Join(lines, "\n"))
				}
			}
		}
	}
}
