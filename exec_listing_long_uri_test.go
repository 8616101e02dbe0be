package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A resource's URI or a template longer than a tool name is shown by
// (160 bytes) is listed whole: it is what the user copies into
// resources/read. exec's listing cut it to its start and size, along with
// the long tool names it was meant for, where a file path 200 bytes deep
// could no longer be read. A prompt's name is still cut, as a tool's is.
func TestExecListsLongResourceURIsWhole(t *testing.T) {
	uri := "file:///home/user/projects/" + strings.Repeat("deeply/nested/", 20) + "notes.md"
	template := "repo://" + strings.Repeat("owner/", 30) + "{path}"
	prompt := strings.Repeat("p", 300)
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		switch c.Method {
		case "resources/list":
			c.Result(map[string]any{"resources": []map[string]any{{"uri": uri, "name": "notes"}}})
		case "resources/templates/list":
			c.Result(map[string]any{"resourceTemplates": []map[string]any{{"uriTemplate": template, "name": "repo"}}})
		case "prompts/list":
			c.Result(map[string]any{"prompts": []map[string]any{{"name": prompt}}})
		default:
			c.Default()
		}
	}})
	if out := execAtWidth(t, srv.SSEURL(), 100, "resources"); !strings.Contains(out, uri+"\n    notes\n") {
		t.Errorf("resources/list does not list the %d-byte URI whole:\n%s", len(uri), out)
	}
	if out := execAtWidth(t, srv.SSEURL(), 100, "templates"); !strings.Contains(out, template+"\n    repo\n") {
		t.Errorf("resources/templates/list does not list the %d-byte template whole:\n%s", len(template), out)
	}
	if out := execAtWidth(t, srv.SSEURL(), 100, "prompts"); strings.Contains(out, prompt) || !strings.Contains(out, "(300 bytes)") {
		t.Errorf("prompts/list does not name the 300-byte prompt by its start and size:\n%s", out)
	}
}

// A template of thousands of variables is listed by its start and size,
// not as one line of tens of kilobytes no one copies from a terminal.
func TestExecCutsAHugeTemplate(t *testing.T) {
	var vars []string
	for i := range 10000 {
		vars = append(vars, fmt.Sprintf("v%d", i))
	}
	template := "x://{" + strings.Join(vars, ",") + "}"
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method == "resources/templates/list" {
			c.Result(map[string]any{"resourceTemplates": []map[string]any{{"uriTemplate": template, "name": "huge"}}})
			return
		}
		c.Default()
	}})
	out := execAtWidth(t, srv.SSEURL(), 100, "templates")
	if longest := slices.Max(lineLengths(out)); longest > mcp.URILimit+100 || !strings.Contains(out, fmt.Sprintf("(%d bytes)", len(template))) {
		t.Errorf("the %d-byte template is listed on a line of %d bytes, want its start and size:\n%.300s", len(template), longest, out)
	}
}

func lineLengths(s string) []int {
	var n []int
	for _, l := range strings.Split(s, "\n") {
		n = append(n, len(l))
	}
	return n
}
