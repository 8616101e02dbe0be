package command

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// ToolGuessWait bounds the tools/list that toolAsMethod sends: it is asked
// for a guess about the command, which goes as typed whatever it finds, so
// a server whose tools/list never answers must not hold the command back
// for the request timeout. A var only so that a test of the guess can wait
// longer than a loaded machine takes to list the tools.
var ToolGuessWait = 2 * time.Second

// toolAsMethod is what is said of a tool's name typed where the method goes
// ("greet name=Ann"), with tool set, or "" when the word is no tool's: the
// server answers "method not found" or a bare 400, which does not say what
// was meant. A word with a slash, or a method mcpscope knows, is a method;
// for any other the tools are listed once when none are known yet (exec
// has not listed them), as a call to an unknown tool lists them, within
// ToolGuessWait: a listing that took longer is said (tool false), since
// the command went that much later.
func toolAsMethod(ctx context.Context, s Session, c Command) (said string, tool bool) {
	if strings.Contains(c.Method, "/") || IsMethodWord(c.Method) || c.Method == "" {
		return "", false
	}
	tools := s.Tools()
	if len(tools) == 0 && !AwaitsInitialize(s) {
		// A session awaiting initialize would refuse the listing: the
		// method goes as typed, the one request the user asked for.
		lctx, cancel := context.WithTimeout(mcp.Automatic(ctx, "to tell whether "+c.Method+" is a tool"), ToolGuessWait)
		listed, _, err := s.ListToolsFrom(lctx, mcp.Cursor{}, true)
		cancel()
		if err != nil && !mcp.PagesStopped(err) {
			if ctx.Err() == nil && errors.Is(lctx.Err(), context.DeadlineExceeded) {
				return "whether " + c.Method + " is a tool is not known: tools/list, asked first, gave no answer within " + ToolGuessWait.String(), false
			}
			return "", false
		}
		tools = listed
	}
	if mcp.FindTool(tools, c.Method) == nil {
		return "", false
	}
	meant := "tools/call " + ShellQuote(c.Method)
	for _, w := range c.Words {
		meant += " " + ShellQuote(w)
	}
	return ToolNotMethod(c.Method) + ": did you mean " + meant + "?", true
}

// ToolNotMethod is what is said first of a tool's name typed where the
// method goes, wherever the command was typed: what to type instead
// follows it.
func ToolNotMethod(word string) string { return word + " is a tool, not a method" }
