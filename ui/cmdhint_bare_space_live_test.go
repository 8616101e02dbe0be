package ui

import (
	"strings"
	"testing"

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
		{"call greet name=Bob Ann ", `"Ann": expected key=value or key:=json`},
	} {
		typeOnCommandLine(m, tc.line)
		hint := ansi.Strip(m.cmdline.View())
		if !strings.Contains(hint, tc.want) || strings.HasSuffix(tc.want, "json") && strings.Contains(hint, "did you mean") {
			t.Errorf("%q: hint = %q, want %q", tc.line, hint, tc.want)
		}
	}
}
