package wrap

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// FuzzWords: any text wrapped to any room returns, ending, rows no wider
// than the room (but for one grapheme wider than the room, alone on its
// row), that hold every byte of the text in order: wrapping only replaces
// spaces with row ends and breaks long words. Text that is no UTF-8
// (callers sanitize first) only has to come back, bounded.
func FuzzWords(f *testing.F) {
	for _, s := range []string{
		"", " ", "  a  ", `{"code":-32000,"message":"x"}`, "2025-06-18 -1 --2 a-1-b",
		"http://example.com/a/b?c=d&e=f", "日本語のテキスト 日本語", "👩‍👩‍👧 family", "e\u0301e\u0301", "\xff\xfe -\xff9",
		"---------------------1", "a-" + strings.Repeat("9", 40),
	} {
		for _, room := range []int{-3, 0, 1, 2, 3, 5, 8, 20, 80} {
			f.Add(s, room)
		}
	}
	f.Fuzz(func(t *testing.T, s string, room int) {
		if room > 400 {
			room = 400
		}
		if len(s) > 4096 {
			s = s[:4096]
		}
		rows := Words(s, room)
		if len(rows) > len(s)+1 {
			t.Fatalf("Words(%q, %d): %d rows for %d bytes", s, room, len(rows), len(s))
		}
		if !utf8.ValidString(s) {
			return // measured by bytes that are no characters: callers sanitize first
		}
		for _, r := range rows {
			if w := ansi.StringWidth(r); w > max(room, 1) {
				cl, _ := ansi.FirstGraphemeCluster(r, ansi.GraphemeWidth)
				if cl != r {
					t.Fatalf("Words(%q, %d): row %q is %d wide", s, room, r, w)
				}
			}
		}
		if strings.ReplaceAll(strings.Join(rows, ""), " ", "") != strings.ReplaceAll(s, " ", "") {
			t.Fatalf("Words(%q, %d) = %q: lost or changed text", s, room, rows)
		}
	})
}
