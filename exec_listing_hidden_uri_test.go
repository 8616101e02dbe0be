package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A resource URI or template holding a character the screen drops (a bidi
// override, a zero-width space) is listed escaped in quotes. exec listed
// "file:///a\u202egnp.exe" as file:///agnp.exe, a URI the server never
// listed and resources/read would not find, with nothing saying so.
func TestExecListsHiddenCharacterURIsEscaped(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		switch c.Method {
		case "resources/list":
			c.Result(map[string]any{"resources": []map[string]any{
				{"uri": "file:///a\u202egnp.exe", "name": "a"},
				{"uri": "file:///plain.txt", "name": "b"},
			}})
		case "resources/templates/list":
			c.Result(map[string]any{"resourceTemplates": []map[string]any{{"uriTemplate": "repo://\u200b{path}", "name": "repo"}}})
		default:
			c.Default()
		}
	}})
	out := execAtWidth(t, srv.SSEURL(), 100, "resources")
	if !strings.Contains(out, `"file:///a\u202egnp.exe"`) || strings.Contains(out, "file:///agnp.exe") {
		t.Errorf("resources/list does not show the URI's bidi override escaped:\n%s", out)
	}
	if !strings.Contains(out, "file:///plain.txt         b\n") {
		t.Errorf("resources/list no longer lists a plain URI whole and unquoted:\n%s", out)
	}
	if out := execAtWidth(t, srv.SSEURL(), 100, "templates"); !strings.Contains(out, `"repo://\u200b{path}"`) {
		t.Errorf("resources/templates/list does not show the template's zero-width space escaped:\n%s", out)
	}
}
