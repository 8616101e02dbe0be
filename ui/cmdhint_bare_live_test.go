package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A value typed without its key is refused by Enter (did you mean
// name=Ann?); the hint under it said "Ann is not in the tool's schema …;
// it is sent anyway" until then, the opposite of what Enter did. It says
// what Enter will.
func TestLiveHintOnABareValueSaysWhatEnterWill(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	l.command("tools/list")
	l.waitOK("tools/list")
	l.mark()
	l.tm.Type(":")
	l.tm.Type("call greet Ann")
	l.waitFor("did you mean name=Ann?")
	if seen := l.seen.String()[l.from:]; strings.Contains(seen, "sent anyway") {
		t.Errorf("the hint said the bare value is sent anyway:\n%s", seen)
	}
	l.quit()
}
