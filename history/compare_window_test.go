package history

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// A long description changed in one sentence is shown around that
// sentence, within 80 columns as a re-run report indents it, rather than
// whole on both lines.
func TestRenderDiffShowsWhereALongStringChanged(t *testing.T) {
	long := strings.Repeat("This tool returns its text argument unchanged. ", 8)
	for _, tt := range []struct {
		name                   string
		recorded, live         string
		wantRecorded, wantLive string
	}{
		{"a sentence reworded", long + "It never fails. The end.", long + "It fails on empty text. The end.", "It never fails.", "It fails on empty text."},
		{"accents around the change", strings.Repeat("é", 100) + "a" + strings.Repeat("é", 100), strings.Repeat("é", 100) + "b" + strings.Repeat("é", 100), "éa", "éb"},
		{"an escape around the change", strings.Repeat("\n", 40) + "x" + strings.Repeat("\t", 40), strings.Repeat("\n", 40) + "y" + strings.Repeat("\t", 40), `\nx\t`, `\ny\t`},
		{"a control character changed", long + "\x1b[31m", long + "\x1b[32m", `\u001b[31m`, `\u001b[32m`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a, _ := json.Marshal(map[string]string{"description": tt.recorded})
			b, _ := json.Marshal(map[string]string{"description": tt.live})
			out := RenderDiff(Compare(a, b, nil), 75)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != 3 {
				t.Fatalf("RenderDiff gave %d lines, want 3:\n%s", len(lines), out)
			}
			for _, l := range lines {
				if w := utf8.RuneCountInString("     " + l); w > 80 || !utf8.ValidString(l) || strings.ContainsAny(l, "\x1b\n\t") {
					t.Errorf("line %q: %d columns (want at most 80), or not safe UTF-8", l, w)
				}
			}
			if !strings.Contains(lines[1], tt.wantRecorded) || !strings.HasPrefix(lines[1], "  - …") {
				t.Errorf("recorded line %q lacks %q after a cut", lines[1], tt.wantRecorded)
			}
			if !strings.Contains(lines[2], tt.wantLive) || !strings.HasPrefix(lines[2], "  + …") {
				t.Errorf("live line %q lacks %q after a cut", lines[2], tt.wantLive)
			}
		})
	}
	// Short values are shown whole, as they were.
	out := RenderDiff(Compare(json.RawMessage(`{"a":"Hello, Ann!"}`), json.RawMessage(`{"a":"Hi, Ann."}`), nil), 75)
	if want := "$.a: changed\n  - \"Hello, Ann!\"\n  + \"Hi, Ann.\"\n"; out != want {
		t.Errorf("RenderDiff = %q, want %q", out, want)
	}
}
