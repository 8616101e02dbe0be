package ui

import (
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp/command"
)

// The status line after a call to a tool with a very long name still says
// what happened within 80 columns: the name is cut in its middle, keeping
// the start and the end that tell tools apart.
func TestStatusOfALongToolNameSaysWhatHappened(t *testing.T) {
	long := "a_really_long_tool_name_that_goes_on_and_on_for_the_demo_of_narrow_terminals"
	_, text := describeSent(sentMsg{cmd: command.Command{Method: "tools/call", Tool: long}, err: errors.New("the server went away")})
	shown := ansi.Truncate(text, 80, "…")
	if !strings.Contains(shown, "the server went away") || !strings.Contains(shown, "a_really_long") || !strings.Contains(shown, "terminals") {
		t.Errorf("status %q, in 80 columns %q: want the tool's start and end and what happened", text, shown)
	}
	if _, short := describeSent(sentMsg{cmd: command.Command{Method: "tools/call", Tool: "greet"}, err: errors.New("x")}); !strings.HasPrefix(short, "tools/call greet: ") {
		t.Errorf("a short tool name is changed: %q", short)
	}
}
