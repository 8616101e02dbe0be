package ui

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// everythingTools are server-everything's 17 tools, long names and all.
var everythingTools = []string{"echo", "get-annotated-message", "get-env", "get-resource-links",
	"get-resource-reference", "get-roots-list", "get-structured-content", "get-sum", "get-tiny-image",
	"gzip-file-as-resource", "toggle-simulated-logging", "toggle-subscriber-updates",
	"trigger-elicitation-request", "trigger-elicitation-request-async", "trigger-long-running-operation",
	"trigger-sampling-request", "trigger-sampling-request-async"}

// everythingLine is a command line of 80 columns that knows
// everythingTools.
func everythingLine(t *testing.T) *CommandLine {
	t.Helper()
	c := newLine(t, "")
	c.SetSize(80)
	tools := make([]mcp.Tool, len(everythingTools))
	for i, n := range everythingTools {
		tools[i] = mcp.Tool{Name: n}
	}
	c.SetTools(tools)
	return c
}

// shownNames checks that the hint rows of c are at most 80 columns wide
// and hold only whole names of everythingTools, then "+N" for those left
// out (after "… " when the list does not start at the first), and returns
// the names shown.
func shownNames(t *testing.T, c *CommandLine, rows []string) []string {
	t.Helper()
	var words []string
	for _, r := range rows {
		if w := ansi.StringWidth(r); w > 80 {
			t.Errorf("the candidates' row %q is %d columns wide, want at most 80", r, w)
		}
		words = append(words, strings.Fields(r)...)
	}
	skipped := 0
	if len(words) > 0 && words[0] == "…" {
		words = words[1:]
		skipped = slices.Index(everythingTools, words[0])
	}
	if n := len(words) - 1; n >= 0 && strings.HasPrefix(words[n], "+") {
		if want := "+" + strconv.Itoa(len(everythingTools)-skipped-n); words[n] != want {
			t.Errorf("the candidates %q end in %s, want %s", rows, words[n], want)
		}
		words = words[:n]
	}
	for _, w := range words {
		if !slices.Contains(everythingTools, w) {
			t.Errorf("the candidates %q show %q, which is no tool's whole name", rows, w)
		}
	}
	return words
}

// Tab's candidates fill the hint's two rows with whole names when they do
// not all fit there: with server-everything's 17 tools at 80 columns one
// row showed four names and "+13", the second row left to the panes. As
// Tab steps past the names shown, the list moves on with it, the name
// chosen always on screen.
func TestCandidatesFillTwoRows(t *testing.T) {
	c := everythingLine(t)
	clPress(c, runes("tools/call "), keyTab)
	lines := viewLines(c)
	if c.Height() != 3 || len(lines) != 3 {
		t.Fatalf("the command line is %d rows high, want the input and two rows of candidates:\n%s", c.Height(), strings.Join(lines, "\n"))
	}
	shown := shownNames(t, c, lines[1:])
	if first := shownNames(t, c, lines[1:2]); len(shown) <= len(first) || len(shown) < 6 {
		t.Errorf("the candidates show %d names, %d of them on the first row, want the second row filled too:\n%s", len(shown), len(first), strings.Join(lines, "\n"))
	}
	for range everythingTools {
		clPress(c, keyTab)
		chosen := strings.TrimSpace(strings.TrimPrefix(c.input.Value(), "tools/call "))
		lines := viewLines(c)
		if !slices.Contains(shownNames(t, c, lines[1:]), chosen) {
			t.Errorf("with %s chosen the candidates do not show it:\n%s", chosen, strings.Join(lines, "\n"))
		}
	}
}

// The hint for a tool's name being typed names as many tools as its two
// rows hold, as Tab's list does: "8 tools: … +5" kept to one row with a
// second one free.
func TestToolNamesHintTakesTwoRows(t *testing.T) {
	c := everythingLine(t)
	clPress(c, runes("tools/call get"))
	lines := viewLines(c)
	if len(lines) != 3 {
		t.Fatalf("the hint for %q is %d rows, want two:\n%s", c.input.Value(), len(lines)-1, strings.Join(lines, "\n"))
	}
	var want []string
	for _, n := range everythingTools {
		if strings.HasPrefix(n, "get") {
			want = append(want, n)
		}
	}
	words := strings.Fields(strings.Join(lines[1:], " "))
	first := strings.Fields(lines[1])
	n := len(words) - 3 // "8 tools:", and "+N"
	if words[0] != "8" || n <= len(first)-2 || !slices.Equal(words[2:2+n], want[:n]) || words[len(words)-1] != "+"+strconv.Itoa(len(want)-n) {
		t.Errorf("the hint names %q, want as many of %q as two rows hold, then how many more:\n%s", words, want, strings.Join(lines, "\n"))
	}
}

// Names that fill both of the hint's rows to the last column are drawn
// whole: the rows, joined by a space, are one cell wider than two rows.
func TestToolNamesHintFillsBothRowsExactly(t *testing.T) {
	c := newLine(t, "")
	c.SetSize(80)
	names := []string{"x" + strings.Repeat("a", 70), "x" + strings.Repeat("b", 39), "x" + strings.Repeat("c", 37)}
	c.SetTools([]mcp.Tool{{Name: names[0]}, {Name: names[1]}, {Name: names[2]}})
	clPress(c, runes("tools/call x"))
	lines := viewLines(c)
	if want := []string{"3 tools: " + names[0], names[1] + "  " + names[2]}; !slices.Equal(lines[1:], want) {
		t.Errorf("the hint is\n%s\nwant\n%s", strings.Join(lines[1:], "\n"), strings.Join(want, "\n"))
	}
}
