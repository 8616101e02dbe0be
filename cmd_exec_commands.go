package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// splitURL takes a leading server address off the arguments. An argument
// that looks like an address but does not parse is an error, never a
// command and never a reason to fall back to the demo gateway.
func splitURL(args []string) (string, []string, error) {
	if len(args) == 0 || !addressLike(args[0]) {
		return "", args, nil
	}
	url, err := serverArg(args[0])
	return url, args[1:], err
}

// misplacedFlag is the first argument after the URL that names one of
// exec's flags (--log-level, -H): flags stop at the first command, so it
// would be read as a word of one. Words commands take (--all) are no flag
// of exec and pass.
func misplacedFlag(cmd *cobra.Command, args []string) string {
	fs := cmd.Flags()
	for _, a := range args {
		name, _, _ := strings.Cut(a, "=")
		switch {
		case strings.HasPrefix(name, "--") && fs.Lookup(name[2:]) != nil:
			return name
		case len(name) == 2 && name[0] == '-' && name[1] != '-' && fs.ShorthandLookup(name[1:]) != nil:
			return name
		}
	}
	return ""
}

// startsCommand reports whether a first word begins a new command: a
// method name (it holds a slash) or a short form. Any other word continues
// the previous command, so `exec tools/call greet name=Ann` works unquoted
// as well as quoted.
func startsCommand(word string) bool {
	return command.IsAlias(word) || word == "initialize" || word == "ping" ||
		(strings.Contains(word, "/") && !strings.Contains(word, "="))
}

// endOfFlags drops the "--" that may lead the commands (after the URL):
// as cobra reads it before the URL, it ends the flags, and no method is
// named "--". What still leads after it and starts with "-" is a flag
// where a method goes, refused before anything is sent: sent, the server
// was asked for the method "--".
func endOfFlags(args []string) ([]string, error) {
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) > 0 && strings.HasPrefix(args[0], "-") {
		return nil, fmt.Errorf("%q comes where a command's method goes, and no method starts with -: flags go before the URL (mcpscope exec [flags] URL COMMAND...)", clip.Quote(args[0], maxQuotedLine))
	}
	return args, nil
}

func parseCommands(args []string) ([]command.Command, error) {
	args, err := endOfFlags(args)
	if err != nil {
		return nil, err
	}
	var lines []string
	var current []string // the words of the last line
	for _, a := range args {
		words, err := command.SplitWords(a)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", clip.Quote(a, maxQuotedLine), err)
		}
		// JSON params continue their command even though they hold
		// slashes, and so does the word a command still needs (a URI,
		// a template, a tool or prompt name).
		isJSON := strings.HasPrefix(strings.TrimSpace(a), "{") || strings.HasPrefix(strings.TrimSpace(a), "[")
		starts := len(words) > 0 && !isJSON && startsCommand(words[0]) && !command.NeedsWord(current)
		if starts || len(lines) == 0 {
			lines = append(lines, a)
			current = words
			continue
		}
		lines[len(lines)-1] += " " + command.ShellQuote(a)
		current = append(current, words...)
	}
	cmds := make([]command.Command, 0, len(lines))
	for _, l := range lines {
		c, err := command.ParseCommand(l)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", clip.Quote(l, maxQuotedLine), err)
		}
		cmds = append(cmds, c)
	}
	return cmds, nil
}

// maxQuotedLine bounds a command line quoted in its usage error: a line may
// carry a JSON object of any size, and the error is read for what is wrong.
const maxQuotedLine = 200
