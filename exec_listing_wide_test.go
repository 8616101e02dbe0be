package main

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A listing's columns are measured in cells, as a terminal draws them: a
// mime type in wide characters (two cells each) kept the descriptions in
// line with the others' only by runes, so they started further right, and
// the description, wrapped to what runes left, ran past the width.
func TestExecListingColumnsOfWideCharacters(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Capabilities: resourcesDeclared, Handle: func(c *mcptest.Call) {
		if c.Method != "resources/templates/list" {
			c.Default()
			return
		}
		c.Result(map[string]any{"resourceTemplates": []map[string]any{
			{"uriTemplate": "demo://text/{id}", "name": "text", "mimeType": "text/plain", "description": "Plain"},
			{"uriTemplate": "demo://wide/{id}", "name": "wide", "mimeType": "テキスト/平文", "description": "Wide, with a description long enough to wrap at sixty columns"},
		}})
	}})
	out := execAtWidth(t, srv.SSEURL(), 60, "templates")
	var starts []int
	for _, l := range strings.Split(out, "\n") {
		if w := ansi.StringWidth(l); w > 60 {
			t.Errorf("row %q is %d cells wide, the terminal 60", l, w)
		}
		if i := strings.Index(l, "Plain"); i >= 0 {
			starts = append(starts, ansi.StringWidth(l[:i]))
		}
		if i := strings.Index(l, "Wide,"); i >= 0 {
			starts = append(starts, ansi.StringWidth(l[:i]))
		}
	}
	if len(starts) != 2 || starts[0] != starts[1] {
		t.Errorf("descriptions start at cells %v, want one column:\n%s", starts, out)
	}
}
