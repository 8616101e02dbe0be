package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
)

// FuzzJSONLines: a server's body of any shape (escaped newlines at row
// ends, control characters raw and escaped, deep nesting, a string of one
// long word) is drawn in Detail as rows no wider than the pane, each safe
// on a terminal once its colours are taken off, in a number of rows
// bounded by its size. (A row of one character wider than the pane, as a
// CJK character in one column, is all a row can be.)
func FuzzJSONLines(f *testing.F) {
	for _, raw := range []string{
		`{"text":"line one\nline two\n\n\nlast\n"}`,
		`{"text":"` + strings.Repeat(`abcdefghij\n`, 12) + `"}`,
		`{"a":"\u001b[2J\r\u202e","b":[1,-32000,2e308],"c":{"d":null}}`,
		`["\\n\\\n\n"]`, `{"x":"\n` + strings.Repeat("y", 300) + `\n"}`,
		strings.Repeat(`[`, 300) + strings.Repeat(`]`, 300),
		"not json \x1b]52;c;aGk=\x07 \xff\n\tend", `{"日本語":"テキスト\nの行"}`,
	} {
		for _, w := range []int{0, 8, 9, 20, 80} {
			f.Add(raw, w, true)
		}
		f.Add(raw, 30, false)
	}
	f.Fuzz(func(t *testing.T, raw string, width int, pretty bool) {
		if len(raw) > 16<<10 {
			raw = raw[:16<<10]
		}
		width = min(max(width, 0), 300)
		if width > 0 && width < 8 {
			width = 8 // far below any pane (the screen is 60 wide at least): "(empty)" is not cut to fit less
		}
		lines := JSONLines(raw, colourStyles(), pretty, width, 0)
		if len(lines) > 4*len(raw)+8 {
			t.Fatalf("%d rows for %d bytes", len(lines), len(raw))
		}
		for _, l := range lines {
			plain := ansi.Strip(l)
			if width > 0 {
				if w := ansi.StringWidth(l); w > width && !oneGrapheme(plain) {
					t.Fatalf("row %q is %d wide, the pane %d", plain, w, width)
				}
			}
			sanitizetest.Check(t, "JSONLines row", plain, false)
		}
	})
}

// oneGrapheme says s is one character: a row that holds one character
// wider than the pane (a CJK character in one column) cannot be narrower.
func oneGrapheme(s string) bool {
	cl, _ := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
	return cl == s
}
