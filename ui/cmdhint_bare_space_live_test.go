package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A space after a value typed without its key started a new word, and the
// hint went back to listing greet's keys as if the line were fine, while
// Enter still refused it: the hint says what Enter will, space or not. It
// names a key whose type takes the value, or none (loud=3 was offered for
// a boolean).
func TestBareValueHintAfterASpace(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	l.command("tools/list")
	l.waitOK("tools/list")
	m := l.quit()
	for _, tc := range []struct{ line, want string }{
		{"call greet Ann", `"Ann": expected key=value or key:=json: did you mean name=Ann?`},
		{"call greet Ann ", `"Ann": expected key=value or key:=json: did you mean name=Ann?`},
		{"tools/call greet Ann  ", `"Ann": expected key=value or key:=json: did you mean name=Ann?`},
		{"call greet name=Bob 3 ", `"3": expected key=value or key:=json: did you mean times=3?`},
		// Words after a value no key takes are its rest, as exec and
		// Enter say.
		{"call greet name=Bob Ann ", `"Ann": a value with spaces goes in quotes: did you mean name='Bob Ann'?`},
		{"call greet name=Bob Ann", `did you mean name='Bob Ann'?`},
		{"call greet name=Bob Ann Lee times=2 ", `did you mean name='Bob Ann Lee'?`},
		// Spaces around an =, as exec and Enter say: `=2` was told
		// ` is not in the tool's schema`, its key being "".
		{"call greet name =Bob", `"name =Bob": a key=value has no spaces around its =; did you mean name=Bob?`},
		{"call greet name=Bob times :=2", `"times :=2": a key=value has no spaces around its =; did you mean times:=2?`},
		{"call greet name=Bob times:= 2", `"times:= 2": a key=value has no spaces around its =; did you mean times:=2?`},
		{"call greet name=Bob times = 2", `"times = 2": a key=value has no spaces around its =; did you mean times=2?`},
	} {
		typeOnCommandLine(m, tc.line)
		hint := ansi.Strip(m.cmdline.View())
		if !strings.Contains(hint, tc.want) || strings.HasSuffix(tc.want, "json") && strings.Contains(hint, "did you mean") {
			t.Errorf("%q: hint = %q, want %q", tc.line, hint, tc.want)
		}
	}
	// Tab on `:=2`, which has no key to offer values for, said "no
	// values to offer for : type one": the hint says what Enter will.
	typeOnCommandLine(m, "call greet name=Bob times :=2")
	press(m, "tab")
	if hint := ansi.Strip(m.cmdline.View()); strings.Contains(hint, "no values to offer") || !strings.Contains(hint, "did you mean times:=2?") {
		t.Errorf("Tab on times :=2: hint = %q, want the spaces around := told", hint)
	}
	// At 80 columns the hint on a value with spaces ends whole, its
	// suggestion included, where it was cut before "did you mean".
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	typeOnCommandLine(m, "call greet name=Bob Ann ")
	want := `"Ann": a value with spaces goes in quotes: did you mean name='Bob Ann'?`
	if hint := ansi.Strip(m.cmdline.View()); !strings.Contains(hint, want) {
		t.Errorf("hint at 80 columns = %q, want %q whole", hint, want)
	}
}
