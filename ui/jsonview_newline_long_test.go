package ui

import (
	"fmt"
	"strings"
	"testing"
)

// A multi-line text whose lines are longer than two thirds of the width
// (the demo's big tool at 64 bytes a line in an 80 or 120 column
// terminal) still ends a row at every escaped newline: before, such rows
// ran on into the next line of text ("…XYZ01\n00000448 abc…"), and where
// each line of the text began could not be seen.
func TestJSONLinesEndsRowAtEveryEscapedNewline(t *testing.T) {
	var text strings.Builder
	for i := 0; i < 8; i++ {
		fmt.Fprintf(&text, "%08d abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01\\n", i*64)
	}
	for _, width := range []int{40, 60, 62, 70, 90} {
		lines := stripAll(JSONLines(`{"text":"`+text.String()+`"}`, colourStyles(), true, width, 0))
		starts := 0
		for _, l := range lines {
			row := strings.TrimSuffix(strings.TrimRight(l, " "), `"`) // the string's closing quote may follow
			if i := strings.Index(row, `\n`); i >= 0 && i+2 != len(row) {
				t.Errorf("width %d: row %q goes on after an escaped newline:\n%s", width, row, strings.Join(lines, "\n"))
				break
			}
			if strings.Contains(row, " abcdef") {
				starts++
			}
		}
		if starts != 8 {
			t.Errorf("width %d: %d rows start a line of the text, want 8:\n%s", width, starts, strings.Join(lines, "\n"))
		}
	}
}

// The rows of a string that wraps end at each escaped newline to its
// end, its last lines too when together they would fit on one row.
func TestJSONLinesEndsRowAtEveryEscapedNewlineToTheEnd(t *testing.T) {
	text := strings.Repeat("long line of text ", 6) + `\nab\ncd\nef`
	lines := stripAll(JSONLines(`{"text":"`+text+`"}`, colourStyles(), true, 60, 0))
	var rows []string
	for _, l := range lines {
		rows = append(rows, strings.TrimSpace(l))
	}
	joined := strings.Join(rows, "\n")
	for _, want := range []string{`\nab\n`, `\ncd\n`} {
		if strings.Contains(joined, want) {
			t.Errorf("rows run the lines of the text together (%s):\n%s", want, strings.Join(lines, "\n"))
		}
	}
	if !strings.Contains(joined, "\nab\\n\ncd\\n\nef\"") {
		t.Errorf("want rows ab\\n, cd\\n, ef\":\n%s", strings.Join(lines, "\n"))
	}
}
