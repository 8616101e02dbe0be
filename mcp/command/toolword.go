package command

import (
	"context"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// toolAsMethod is what is said of a tool's name typed where the method goes
// ("greet name=Ann"), or "" when the word is no tool's: the server answers
// "method not found" or a bare 400, which does not say what was meant.
// A word with a slash, or a method mcpscope knows, is a method; for any
// other the tools are listed once when none are known yet (exec has not
// listed them), as a call to an unknown tool lists them.
func toolAsMethod(ctx context.Context, s Session, c Command) string {
	if strings.Contains(c.Method, "/") || IsMethodWord(c.Method) || c.Method == "" {
		return ""
	}
	tools := s.Tools()
	if len(tools) == 0 {
		listed, _, err := s.ListToolsFrom(ctx, mcp.Cursor{}, true)
		if err != nil && !mcp.PagesStopped(err) {
			return ""
		}
		tools = listed
	}
	if mcp.FindTool(tools, c.Method) == nil {
		return ""
	}
	meant := "tools/call " + ShellQuote(c.Method)
	for _, w := range c.Words {
		meant += " " + ShellQuote(w)
	}
	return c.Method + " is a tool, not a method: did you mean " + meant + "?"
}
