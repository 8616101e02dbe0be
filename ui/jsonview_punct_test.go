package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// In Detail, a string as long as the pane's row (base64 image data, as
// server-everything's get-tiny-image sends) ended at the edge and its
// comma wrapped onto a row of its own. Punctuation stays with its value at
// every width, and nothing is lost or drawn past the width.
func TestJSONPunctuationStaysWithItsValue(t *testing.T) {
	data := strings.Repeat("iVBORw0KGgoAAAANSUhEUgAAABQAAAAU", 6)
	raw := `{"content":[{"type":"image","data":"` + data + `","mimeType":"image/png"},{"type":"text","text":"` +
		`The image above is the MCP tiny image.","annotations":{"priority":1}}],"isError":false,"count":12345678}`
	st := testStyles()
	want := strings.Join(strings.Fields(strings.Join(JSONLines(raw, &st, true, 0, 0), "\n")), "")
	for width := 12; width <= 120; width++ {
		lines, _, _ := jsonLines(raw, &st, true, width, 0)
		var all strings.Builder
		for i, l := range lines {
			plain := ansi.Strip(l)
			if w := ansi.StringWidth(plain); w > width {
				t.Fatalf("width %d: row %d is %d wide: %q", width, i, w, plain)
			}
			if s := strings.TrimSpace(plain); s != "" && strings.Trim(s, ",:") == "" {
				t.Fatalf("width %d: row %d is punctuation alone (%q); rows:\n%s", width, i, plain, ansi.Strip(strings.Join(lines, "\n")))
			}
			all.WriteString(plain)
		}
		if got := strings.Join(strings.Fields(all.String()), ""); got != want {
			t.Fatalf("width %d: the rows hold %q, want %q", width, got, want)
		}
	}
}

// A string that wrapped one or two cells from its end left only its
// closing quote for the next row, and Detail showed '",' alone there (a
// tool result's text a cell or two shorter than the pane). At every width
// whose rows hold more than a word, the quote takes some of the text with
// it.
func TestJSONClosingQuoteNotAloneOnARow(t *testing.T) {
	st := testStyles()
	for _, text := range []string{strings.Repeat("x", 70), strings.Repeat("lorem ipsum ", 6)} {
		raw := `{"content":[{"type":"text","text":"` + text + `"}],"isError":false}`
		for width := 20; width <= 100; width++ {
			lines, _, _ := jsonLines(raw, &st, true, width, 0)
			for i, l := range lines {
				if s := strings.TrimSpace(ansi.Strip(l)); strings.HasPrefix(s, `"`) && strings.Trim(s, `",:}]`) == "" {
					t.Fatalf("width %d: row %d is the closing quote alone (%q); rows:\n%s", width, i, s, ansi.Strip(strings.Join(lines, "\n")))
				}
			}
		}
	}
}
