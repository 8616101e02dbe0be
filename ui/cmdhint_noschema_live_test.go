package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A tools/call typed before any tool is listed has no schema to read: the
// hint under it says so and what to do, read whole at 80x24. It was "no
// tools known yet, so no schema: arguments go as strings (key:=json for
// other …", what to do cut off.
func TestNoSchemaHintReadsWholeAt80Columns(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.StatelessURL()})
	l.waitFor("● discovered")
	m := l.quit()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for _, tc := range []struct{ line, want string }{
		{"tools/call greet ", "no tools known yet: values go as strings (key:=json for JSON) · tab lists them"},
		{"tools/call greet name=Ann ", "no tools known yet: values go as strings (key:=json for JSON) · tab lists them"},
		// Enter refuses a value typed without its key, schema or not: the
		// hint said it went as a string.
		{"tools/call greet Ann ", `"Ann": expected key=value or key:=json`},
		{"tools/call nosuch Ann ", `"Ann": expected key=value or key:=json`},
	} {
		typeOnCommandLine(m, tc.line)
		if got := row(ansi.Strip(m.View()), tc.want); got == "" {
			t.Errorf("%q at 80x24: no row reads %q whole:\n%s", tc.line, tc.want, ansi.Strip(m.View()))
		}
	}
}
