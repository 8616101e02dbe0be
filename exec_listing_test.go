package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool described with CRLF line endings (written on Windows) lists with
// its first line and the count of the others, and no carriage return
// shown as ␍ at its end.
func TestExecListsACRLFDescriptionByItsFirstLine(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Tools: []mcptest.Tool{{
		Name:        "greet",
		Description: "Greets a person.\r\nThe second line says more.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{}}`),
	}}})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "greet  Greets a person. (+1 more lines)\n") || strings.Contains(out, "␍") || strings.Contains(out, "second line") {
		t.Errorf("tools/list printed\n%s\nwant greet with its description's first line and that one more follows", out)
	}
}

// A server's names and descriptions are one line each in exec's listings:
// a line break in a prompt's name (escaped) or a resource's description (\n,
// or the Unicode line separator; marked) is shown, not obeyed, so it cannot print a line
// that reads as another entry.
func TestExecListingsKeepEachEntryOnItsLine(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		switch c.Method {
		case "prompts/list":
			c.Result(map[string]any{"prompts": []map[string]any{
				{"name": "real\nforged", "description": "A real prompt.\u2028forged2  Not a prompt."},
			}})
		case "completion/complete":
			c.Result(map[string]any{"completion": map[string]any{"values": []string{"one\nforged5", "two"}}})
		case "resources/list":
			c.Result(map[string]any{"resources": []map[string]any{
				{"uri": "demo://a\nforged3", "name": "a", "description": "A.\u2028forged4"},
			}})
		default:
			c.Default()
		}
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "prompts/list", "resources/list", "complete prompt real language=x")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "forged") {
			t.Errorf("a server's line break printed a line of its own: %q\nin\n%s", line, out)
		}
	}
	// A name is listed escaped when the screen cannot show it as it is
	// (mcp.NameListed): the break reads \n, in quotes.
	if !strings.Contains(out, `"real\nforged"`) {
		t.Errorf("the prompt's name is not shown with its line break escaped:\n%s", out)
	}
}
