package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Tab's list of tool names shows a tool with an empty name as "", as the
// hint's list does; it was a blank between the others ("ok    last").
func TestTabListsAnEmptyToolNameAsQuotes(t *testing.T) {
	l := liveListing(t, []mcptest.Tool{
		{Name: "ok", Description: "the first"}, {Name: "", Description: "nameless"}, {Name: "last", Description: "the last"},
	})
	l.tm.Type(":")
	l.typeTab("call ")
	l.waitFor(`ok  ""  last`)
	l.quit()
}
