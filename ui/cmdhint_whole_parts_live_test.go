package ui

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A hint of parts joined by " · " at 80x24 leaves out a last part that
// would show only a few cells, with "…" in its place: "no prompts known
// yet: tab lists them, then offers names and arguments · prompts…" named
// one word of the usage. Wrapped to a second row, it says the usage whole.
func TestHintLeavesOutAPartItWouldCutAt80Columns(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	m := l.quit()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for _, line := range []string{"prompts/get ", "read "} {
		typeOnCommandLine(m, line)
		hint := hintRow(m)
		whole := strings.HasSuffix(hint, " · prompts/get NAME") || strings.HasSuffix(hint, " or  TEMPLATE")
		if !strings.HasSuffix(hint, " · …") && !whole || !strings.Contains(hint, "known yet: tab lists them") {
			t.Errorf("%q at 80x24: hint %q, want what tab does whole and then · … or the usage whole", line, hint)
		}
	}
}

// A tool whose description alone is wider than the line has it cut, not
// its arguments: "big — (read-only) Large payload: Answers with a text
// payload of exactly the…" left out what big takes.
func TestToolHintKeepsArgumentsAt80Columns(t *testing.T) {
	hint := hintAt(toolsListedAt80(t), 80, "tools/call big ")
	if !strings.HasPrefix(hint, "big — (read-only) Large payload: Answers") || !strings.HasSuffix(hint, "· bytes* integer (1..67108864)") {
		t.Errorf("tools/call big at 80x24: hint %q, want the description cut and the argument whole", hint)
	}
}

// A tool whose description fits the line, but not with its arguments, has
// the description cut, not its arguments: at 160 columns the everything
// server's "trigger-long-running-operation — … with progress updates. · …"
// said nothing of what it takes, and greet's hint left out "loud boolean".
func TestToolHintKeepsArgumentsWhenItsDescriptionFits(t *testing.T) {
	m := toolsListedAt80(t)
	whole := hintAt(m, 400, "tools/call greet ")
	desc, args, _ := strings.Cut(whole, " · ")
	// Ten cells after the description's " · ", and five short of the
	// whole hint.
	for _, w := range []int{ansi.StringWidth(desc+" · ") + 10, ansi.StringWidth(whole) - 5} {
		hint := hintAt(m, w, "tools/call greet ")
		if !strings.HasPrefix(hint, "greet — (read-only) Greet someone: ") || !strings.HasSuffix(hint, " · "+args) {
			t.Errorf("tools/call greet at %d columns: hint %q, want the description cut and %q whole", w, hint, args)
		}
	}
}

// toolsListedAt80 is the model of liveDemoAt80 once it has listed the
// demo's tools, stopped, for hintAt.
func toolsListedAt80(t *testing.T) *Model {
	l := liveDemoAt80(t)
	l.command("tools/list")
	l.waitOK("tools/list")
	return l.quit()
}

// hintAt is the hint under line on m's command line at w columns.
func hintAt(m *Model, w int, line string) string {
	m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
	typeOnCommandLine(m, line)
	return hintRow(m)
}

// typeOnCommandLine opens m's command line with line on it, the cursor at
// its end, as if it had been typed.
func typeOnCommandLine(m *Model, line string) {
	m.cmdline.Focus("")
	m.cmdline.input.SetValue(line)
	m.cmdline.input.CursorEnd()
	// Laid out again, as a key's Update does: a long hint takes a row.
	m.Update(tea.WindowSizeMsg{Width: m.width, Height: m.height})
}

// hintRow is the hint under the command line as m draws it: the rows
// between the input's and the status bar, trailing blanks cut, joined by
// a space (a hint wider than the line wraps).
func hintRow(m *Model) string {
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	i := len(rows) - 2
	for i > 0 && !strings.HasPrefix(rows[i-1], "›") {
		i--
	}
	var hint []string
	for _, r := range rows[i : len(rows)-1] {
		hint = append(hint, strings.TrimRight(r, " "))
	}
	return strings.Join(hint, " ")
}

// A hint cut at 80 columns ends on a whole word: a tool's description read
// "Greets a pe…", the list of tool names "greet  link_accoun…", as if a
// word or a tool had that name, and a template's hint "var=value words (…".
// The list of names ends "+N", as Tab's list does, not "…".
func TestHintCutsBetweenWordsAt80Columns(t *testing.T) {
	l := liveDemoAt80(t)
	l.command("tools/list")
	l.waitOK("tools/list")
	l.command("resources/templates/list")
	l.waitOK("resources/templates/list")
	m := l.quit()
	names := map[string]bool{}
	for _, tool := range m.tools {
		names[tool.Name] = true
	}
	for _, tc := range []struct {
		line  string
		first bool // the cut falls in the first of the hint's parts
	}{
		{"tools/call greet ", true},
		{"tools/call ", true},
		{"read 'notes://{tag}' tag=", false},
	} {
		hint := func(w int) string {
			m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
			typeOnCommandLine(m, tc.line)
			h := hintRow(m)
			if tc.first {
				h, _, _ = strings.Cut(h, " · ")
			}
			return h
		}
		whole, cut := hint(400), hint(80)
		if tc.line == "tools/call " {
			// The names say how many more follow as Tab's list does, over
			// the hint's two rows: at 80 columns they all fit there.
			for _, w := range []int{80, 60} {
				got := strings.Fields(hint(w))
				all := strings.Fields(whole)
				if w == 80 {
					if !slices.Equal(got, all) {
						t.Errorf("%q at 80x24: hint %q, want all of %q over two rows", tc.line, got, whole)
					}
					continue
				}
				n := len(got) - 1
				if n < 3 || n > len(all) || !slices.Equal(got[:n], all[:n]) || got[n] != "+"+strconv.Itoa(len(all)-n) {
					t.Errorf("%q at %dx24: hint %q, want a start of %q cut after a whole name, then +N for the names left out", tc.line, w, got, whole)
				}
			}
			continue
		}
		if cut == whole {
			// Wrapped to a second row, it is read whole.
			continue
		}
		kept, ok := strings.CutSuffix(cut, " …")
		if !ok || !strings.HasPrefix(whole, kept+" ") {
			t.Errorf("%q at 80x24: hint %q, want a start of %q cut after a whole word, then \" …\"", tc.line, cut, whole)
			continue
		}
	}
}
