package ui

import (
	"slices"

	"github.com/mcpscope/mcpscope/mcp/command"
)

// Before a line goes, the command line reads it as the session will and
// holds back what the server would refuse in words that do not say what
// was meant: a mistyped method, tool or resource, a missing argument.

// check reads the arguments the way the session will, to report errors
// (nothing is sent) and warnings (sent on a second Enter) before sending.
func (c *CommandLine) check(cmd command.Command) ([]command.ArgWarning, error) {
	if cmd.Method == "prompts/get" {
		if warns, ok, err := c.checkPrompt(cmd); ok {
			return warns, err
		}
	}
	if err := command.Unsendable(c.transport, cmd.Method); err != nil {
		// Refused before anything is sent, as the session would refuse
		// it: "did you mean", then "Enter sends it anyway", then the
		// session's refusal contradicted each other.
		return nil, err
	}
	if cmd.Method != "tools/call" {
		var pre []command.ArgWarning
		if c.info[cmd.Method] != nil && !command.IsMethodWord(cmd.Method) {
			// A tool's name typed where the method goes: the server would
			// answer "method not found", which does not say what was meant.
			pre = append(pre, command.ArgWarning{Message: command.ToolNotMethod(cmd.Method) + ": type tools/call " + cmd.Method + " (or " + c.keys.Call.Help().Key + " outside the command line)"})
		} else if w, ok := c.checkResource(cmd); ok {
			pre = append(pre, w)
		} else if typo := command.MethodTypo(cmd.Method); typo != "" {
			pre = append(pre, command.ArgWarning{Message: typo})
		}
		if len(cmd.Words) == 0 || cmd.Method == "tools/list" {
			return pre, nil
		}
		_, warns, err := command.ParseArgs(cmd.Words, command.ParamsSchema(cmd.Method))
		return append(pre, warns...), err
	}
	info := c.info[cmd.Tool]
	var pre []command.ArgWarning
	var schema *command.Schema
	switch {
	case info == nil && len(c.tools) > 0:
		msg := "tool " + cmd.Tool + " is not in the tools list (" + plural(len(c.tools), "tool") + ")"
		if sug := c.nearestTool(cmd.Tool); sug != "" {
			msg += ": did you mean " + sug + "?"
		}
		pre = append(pre, command.ArgWarning{Message: msg})
	case info != nil:
		var err error
		if schema, err = info.getSchema(); err != nil {
			pre = append(pre, command.ArgWarning{Message: command.UnreadableSchema("the tool's inputSchema", err)})
		}
	}
	_, warns, err := command.CallArgs(cmd, schema)
	return append(pre, warns...), err
}

// checkPrompt checks prompts/get's words against the arguments the prompt
// was listed with, as tools/call's are against the tool's schema, so a
// missing required argument is held back with a warning instead of coming
// back as the server's refusal. ok is false when no prompts were listed:
// the session lists and checks them itself when it sends.
func (c *CommandLine) checkPrompt(cmd command.Command) (warns []command.ArgWarning, ok bool, err error) {
	prompts := c.surface.Prompts
	if len(prompts) == 0 {
		return nil, false, nil
	}
	listed := listedPrompt(prompts, cmd.Target)
	if listed == nil {
		warns = append(warns, command.ArgWarning{Message: "prompt " + cmd.Target + " is not in prompts/list (" + plural(len(prompts), "prompt") + ")"})
	}
	_, w, err := command.PromptArgs(listed, cmd.Words)
	return append(warns, w...), true, err
}

// checkResource warns of a resource URI one or two letters off one
// resources/list named (for unsubscribe, one subscribed to: that is what
// it undoes); a URI listed nowhere near may be one the server serves
// without listing it, and goes without a word.
func (c *CommandLine) checkResource(cmd command.Command) (command.ArgWarning, bool) {
	if !command.IsResourceTarget(cmd.Method) || cmd.Target == "" || command.IsTemplate(cmd.Target) {
		return command.ArgWarning{}, false
	}
	uris, not := make([]string, len(c.surface.Resources)), "is not in resources/list"
	for i, r := range c.surface.Resources {
		uris[i] = r.URI
	}
	if cmd.Method == "resources/unsubscribe" {
		uris, not = c.surface.Subscribed, "is not subscribed to"
	}
	if slices.Contains(uris, cmd.Target) {
		return command.ArgWarning{}, false
	}
	sug := command.Nearest(cmd.Target, uris)
	if sug == "" {
		return command.ArgWarning{}, false
	}
	return command.ArgWarning{Message: cmd.Target + " " + not + ": did you mean " + sug + "?"}, true
}

// nearestTool is the listed tool a mistyped name was most likely meant to
// be (command.Nearest), "" when none is that close: what Enter's check and
// a fruitless Tab both ask after.
func (c *CommandLine) nearestTool(name string) string {
	names := make([]string, len(c.tools))
	for i, t := range c.tools {
		names[i] = t.Name
	}
	return command.Nearest(name, names)
}
