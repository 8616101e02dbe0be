package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// leading is how many spaces a line starts with.
func leading(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }

// 100,000 levels of nesting print in a few lines: indentation stops at
// maxIndentDepth and the rest goes on one line, every byte still there.
func TestPrettyDeepNesting(t *testing.T) {
	const depth = 100_000
	in := strings.Repeat("[", depth) + "1" + strings.Repeat("]", depth)
	out := PrettyText(in, 1<<20)
	lines := strings.Split(out, "\n")
	if len(lines) > 2*maxIndentDepth+1 {
		t.Errorf("%d levels print as %d lines, want at most %d", depth, len(lines), 2*maxIndentDepth+1)
	}
	for _, l := range lines {
		if n := leading(l); n > 2*maxIndentDepth {
			t.Fatalf("a line is indented %d columns, want at most %d", n, 2*maxIndentDepth)
		}
	}
	if got := strings.Join(strings.Fields(out), ""); got != in {
		t.Errorf("the printed value is not the input without spaces (%d bytes, want %d)", len(got), len(in))
	}
	if len(out) > len(in)+4*maxIndentDepth*maxIndentDepth {
		t.Errorf("%d bytes of input printed as %d bytes", len(in), len(out))
	}
	// In a pane the one deep line wraps, still within the width.
	for _, l := range JSONLines(in, plainStyles(), true, 80, 1<<20) {
		if w := ansi.StringWidth(l); w > 80 {
			t.Fatalf("a wrapped line is %d columns wide", w)
		}
	}
}

// Deep nesting that never closes is not JSON: it is shown as the text it
// is, in one line.
func TestPrettyUnclosedNestingFallsBackToText(t *testing.T) {
	in := strings.Repeat(`{"a":[`, 50_000) + "\x1b]52;c;aGk=\x07"
	out := PrettyText(in, 1<<20)
	if strings.ContainsAny(out, "\x1b\x07\n") {
		t.Fatalf("the fallback text is not sanitized to one line: %q…", out[len(out)-40:])
	}
	if !strings.HasPrefix(out, `{"a":[{"a":[`) || len(out) > len(in)+16 {
		t.Fatalf("unclosed nesting printed as %d bytes starting %q, want the %d bytes of text", len(out), out[:20], len(in))
	}
}

// A wide array prints one value a line; at depth 32 each line carries 64
// columns of indentation, and the output cap stops it with a count of
// what was left out rather than 33 times the input.
func TestPrettyWideArrays(t *testing.T) {
	const n = 200_000
	flat := "[" + strings.Repeat("1,", n) + "1]"
	if got := strings.Count(PrettyText(flat, 1<<20), "\n"); got != n+2 {
		t.Errorf("a flat array of %d values prints %d line breaks, want %d", n+1, got, n+2)
	}
	deep := strings.Repeat("[", maxIndentDepth) + strings.Repeat("1,", n) + "1" + strings.Repeat("]", maxIndentDepth)
	limit := len(deep)
	lines := JSONLines(deep, plainStyles(), true, 0, limit)
	last := lines[len(lines)-1]
	var text int
	for _, l := range lines[:len(lines)-1] {
		text += len(l)
	}
	if text > prettyGrowth*limit {
		t.Errorf("%d bytes printed as %d bytes of text, over the cap of %d", limit, text, prettyGrowth*limit)
	}
	if !strings.HasPrefix(last, "… ") || !strings.HasSuffix(last, "more not shown ("+history.FormatSize(int64(len(deep)))+" in all)") {
		t.Errorf("the last line does not count what was left out: %q", last)
	}
	if l := lines[len(lines)-2]; l != strings.Repeat(" ", 2*maxIndentDepth)+"1," {
		t.Errorf("the last value line is %q, want a value at the deepest indentation", l)
	}
}

// A 20 MB string value is cut where the pane's limit is, sanitized and
// wrapped; printed whole it is one line as long as the value.
func TestPrettyHugeString(t *testing.T) {
	big := strings.Repeat("x", 20<<20)
	in := `{"text":"` + big + `\u001b[2J"}`
	lines := JSONLines(in, plainStyles(), true, 120, 1<<20)
	if want := (1 << 20) / 120; len(lines) < want || len(lines) > 2*want {
		t.Errorf("1 MiB of a string wrapped at 120 columns gives %d lines, want about %d", len(lines), want)
	}
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "… 19.0 MiB more not shown (20.0 MiB in all)") {
		t.Errorf("the last line does not count what was left out: %q", last)
	}
	out := PrettyText(in, 64<<20)
	if !strings.Contains(out, `  "text": "`+big+`\u001b[2J"`) {
		t.Errorf("the whole string printed as %d bytes without its end", len(out))
	}
}

// BenchmarkPrettyHostile prints hostile shapes at two sizes each: the time
// per byte must not grow with the size (linear, not quadratic).
func BenchmarkPrettyHostile(b *testing.B) {
	shapes := []struct {
		name string
		make func(n int) string
	}{
		{"deep", func(n int) string { return strings.Repeat("[", n/2) + strings.Repeat("]", n/2) }},
		{"unclosed", func(n int) string { return strings.Repeat("[", n) }},
		{"wide-at-32", func(n int) string {
			return strings.Repeat("[", 32) + strings.Repeat("1,", n/2) + "1" + strings.Repeat("]", 32)
		}},
		{"string", func(n int) string { return `"` + strings.Repeat("y", n) + `"` }},
	}
	for _, s := range shapes {
		for _, n := range []int{100 << 10, 1 << 20} {
			in := s.make(n)
			b.Run(fmt.Sprintf("%s/%dKiB", s.name, n>>10), func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				var out int
				for b.Loop() {
					out = 0
					for _, l := range JSONLines(in, plainStyles(), true, 120, 1<<20) {
						out += len(l)
					}
				}
				b.ReportMetric(float64(out), "out-bytes")
			})
		}
	}
}
