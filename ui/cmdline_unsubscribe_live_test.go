package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// "unsubscribe " is hinted with what it takes, as "subscribe " is: it was
// hinted "key=value words (key:=json for raw JSON) or one {JSON} object
// of params", the words for a method mcpscope knows nothing of.
func TestLiveUnsubscribeIsHintedWithItsUsage(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
	l.tm.Send(tea.WindowSizeMsg{Width: 160, Height: 45})
	l.waitFor("● initialized")
	l.mark()
	l.tm.Type(":unsubscribe ")
	l.waitFor("resources/unsubscribe URI|TEMPLATE [var=value ...] (alias: unsubscribe)")
	l.quit()
}
