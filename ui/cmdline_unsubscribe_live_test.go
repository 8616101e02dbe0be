package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// "unsubscribe " is hinted with what it takes, as "subscribe " is: it was
// hinted "key=value words (key:=json for raw JSON) or one {JSON} object
// of params", the words for a method mcpscope knows nothing of.
func TestLiveUnsubscribeIsHintedWithItsUsage(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable}, 160, 45, "● initialized")
	l.mark()
	l.tm.Type(":unsubscribe ")
	l.waitFor("resources/unsubscribe URI|TEMPLATE [var=value ...] (alias: unsubscribe)")
	l.quit()
}
