package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// An argument typed where the tool's name goes is refused by Enter (the
// tool name comes first); the hint said "no tool starts with name=Ann;
// it is sent as typed" until then. It says what Enter will.
func TestLiveHintOnAnArgumentForTheToolNameSaysWhatEnterWill(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	l.command("tools/list")
	l.waitOK("tools/list")
	l.tm.Type(":")
	l.tm.Type("tools/call name")
	// Without its = the word is a name no tool has, and goes as typed.
	l.waitFor("no tool starts with name; it is sent as typed")
	l.mark()
	l.tm.Type("=Ann")
	l.waitFor("needs the tool name before")
	if seen := l.seen.String()[l.from:]; strings.Contains(seen, "sent as typed") {
		t.Errorf("the hint said the line is sent as typed:\n%s", seen)
	}
	l.quit()
}
