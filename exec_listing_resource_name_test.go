package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// exec's resources/list and resources/templates/list name each entry
// beside its URI, a name that hides characters escaped as a tool's is,
// with its title: the URIs alone left out what a client shows for them.
func TestExecListsAResourceWithItsName(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		switch c.Method {
		case "resources/list":
			c.Result(map[string]any{"resources": []map[string]any{
				{"uri": "file:///notes.txt", "name": "notes", "title": "Meeting notes", "description": "What was said."},
				{"uri": "file:///b.txt", "name": "a\u200db"},
			}})
		case "resources/templates/list":
			c.Result(map[string]any{"resourceTemplates": []map[string]any{
				{"uriTemplate": "file:///{path}", "name": "h\u202eevil", "description": "Any file."},
			}})
		default:
			c.Default()
		}
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "resources/list", "resources/templates/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{
		"file:///notes.txt  notes (Meeting notes): What was said.\n",
		`file:///b.txt      "a\u200db"` + "\n",
		`file:///{path}  "h\u202eevil": Any file.` + "\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the listing lacks %q:\n%s", want, out)
		}
	}
}

// A resource's name and description are wrapped to the terminal's width
// as the other listings' descriptions are, under the row, not past it.
func TestExecFitsAResourceNameToTheWidth(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Capabilities: resourcesDeclared, Handle: func(c *mcptest.Call) {
		if c.Method != "resources/list" {
			c.Default()
			return
		}
		c.Result(map[string]any{"resources": []map[string]any{
			{"uri": "file:///notes.txt", "name": "notes", "description": strings.Repeat("word ", 30)},
		}})
	}})
	out := execAtWidth(t, srv.SSEURL(), 60, "resources/list")
	if !strings.Contains(out, "file:///notes.txt  notes: word") {
		t.Errorf("the resource's name is not beside its URI:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 60 {
			t.Errorf("a line runs past 60 columns: %q\n%s", line, out)
		}
	}
}
