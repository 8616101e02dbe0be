package command

import (
	"fmt"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// quotedKeyWarnings is what a quoted first word that reads as its method's
// own key=value is taken to mean, said: 'uri=file:///x' for resources/read
// (subscribe and unsubscribe alike), 'name=greet' for tools/call and
// prompts/get. Quoted, a word is a name or URI as the server listed it (as
// Tab writes one), so it is sent whole, key= and all: a tool or prompt
// name may hold "=", and a URI read back as file:///x could not be read as
// listed at all. But the quotes were more likely a shell's habit around
// the generic form, so the send says what went and how to type the other.
func quotedKeyWarnings(method, word string) []ArgWarning {
	key, what, thing := "name", "", ""
	switch {
	case resourceMethods[method]:
		key, what, thing = "uri", "URI", "URI"
	case method == "tools/call":
		what, thing = "tool's name", "tool"
	case method == "prompts/get":
		what, thing = "prompt's name", "prompt"
	default:
		return nil
	}
	rest, ok := strings.CutPrefix(word, key+"=")
	if !ok || rest == "" {
		return nil
	}
	meant := argSuggested(method + " " + ShellQuote(rest))
	// Short keeps the line to type: after the send (the TUI says only
	// Short) it is what the reminder is for.
	return []ArgWarning{{
		Message: fmt.Sprintf("%s is quoted, so it is sent whole as the %s, %s= and all; for the %s %s, leave out %s=: %s",
			argQuoted(word), what, key, thing, argQuoted(rest), key, meant),
		Short: fmt.Sprintf("%s was sent whole as the %s, as quoted; without %s=: %s", argQuoted(word), what, key, meant),
	}}
}

// quotedAsListed reports whether c, run, named a tool or prompt the server
// lists by the very name quoted (a tool really named 'name=x'; the run
// listed them when they were not known): the quotes meant it, and
// quotedKeyWarnings' "sent whole" is no news. cat holds the prompts.
func quotedAsListed(s Session, c Command, cat *catalog) bool {
	switch c.Method {
	case "tools/call":
		return mcp.FindTool(s.Tools(), c.Tool) != nil
	case "prompts/get":
		_, ok := cat.prompt(c.Target)
		return ok
	}
	return false
}
