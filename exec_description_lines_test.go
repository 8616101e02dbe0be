package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool's or a prompt's description of several lines is listed by its
// first line and how many more there are, as the server's instructions
// are: the listing does not pass for the whole description.
func TestExecListingsSayADescriptionHasMoreLines(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{
		Tools: []mcptest.Tool{{Name: "lookup", Description: "Looks a word up.\nUse it for words only.\r\nNever for names.", InputSchema: []byte(`{"type":"object"}`)}},
		Handle: func(c *mcptest.Call) {
			if c.Method != "prompts/list" {
				c.Default()
				return
			}
			c.Result(map[string]any{"prompts": []map[string]any{{"name": "greet", "description": "Greets.\nWarmly."}}})
		}})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "tools/list", "prompts/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{"Looks a word up. (+2 more lines)", "Greets. (+1 more lines)"} {
		if !strings.Contains(out, want) {
			t.Errorf("the listing does not say %q:\n%s", want, out)
		}
	}
}
