package history

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// FuzzRenderDiffWidth: the differences between two answers of any shape
// (deep paths, wide characters, escapes, long strings) are rendered with
// every line within the width replay --against was given.
func FuzzRenderDiffWidth(f *testing.F) {
	for _, s := range []struct{ a, b string }{
		{`{"result":{"content":[{"type":"text","text":"` + strings.Repeat("abc ", 60) + `"}]}}`, `{"result":{"content":[{"type":"text","text":"` + strings.Repeat("abd ", 60) + `"}]}}`},
		{`{"日本語":{"テキスト":{"の行":["` + strings.Repeat("字", 80) + `"]}}}`, `{"日本語":{"テキスト":{"の行":["字"]}}}`},
		{`{"a":"\u001b[2J\u202e` + strings.Repeat("x", 200) + `"}`, `{"a":"\u0000"}`},
		{strings.Repeat(`{"k":`, 60) + `1` + strings.Repeat(`}`, 60), strings.Repeat(`{"k":`, 60) + `2` + strings.Repeat(`}`, 60)},
		{`{"` + strings.Repeat("long-key-", 30) + `":1}`, `{}`},
	} {
		for _, w := range []int{40, 41, 75, 120} {
			f.Add(s.a, s.b, w)
		}
	}
	f.Fuzz(func(t *testing.T, a, b string, width int) {
		width = min(max(width, minDiffWidth), 300) // narrower is laid out as minDiffWidth
		out := RenderDiff(Compare(json.RawMessage(a), json.RawMessage(b), nil), width)
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if w := ansi.StringWidth(l); w > width {
				t.Fatalf("line %q is %d wide, the width %d\n%s", l, w, width, out)
			}
		}
	})
}
