package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// newHelpCmd is cobra's help command, except that a topic naming no
// command is said to be one: cobra's own found the root for it (the root
// takes a URL argument) and printed the root's help with exit 0, so
// 'mcpscope help nope' looked like an answer, and 'mcpscope help exec
// nope' printed exec's.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "Help prints the help of any command: mcpscope help COMMAND.",
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var out []cobra.Completion
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			for _, sub := range c.Root().Commands() {
				if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), toComplete) {
					out = append(out, cobra.CompletionWithDesc(sub.Name(), sub.Short))
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			root := c.Root()
			target, rest, err := root.Find(args)
			if err != nil || target == nil || (target == root && len(rest) > 0) {
				return &exitError{exitUsage, unknownTopic(root, args[0])}
			}
			if len(rest) > 0 {
				// Words past a command that has no such subcommand were
				// dropped, and its help printed as if they had been a topic.
				return &exitError{exitUsage, fmt.Errorf("help %q: %s has no command %q; run 'mcpscope help %s' for its help",
					strings.Join(args, " "), target.CommandPath(), rest[0], strings.TrimPrefix(target.CommandPath(), root.Name()+" "))}
			}
			// As cobra's: the help and version flags show in the help.
			target.InitDefaultHelpFlag()
			target.InitDefaultVersionFlag()
			return target.Help()
		},
	}
}

// unknownTopic says that name is no command, the nearest ones if any, and
// the commands there are.
func unknownTopic(root *cobra.Command, name string) error {
	msg := fmt.Sprintf("help %q: no such command", name)
	if s := nearCommands(root, name); len(s) > 0 {
		msg += "; did you mean " + strings.Join(s, " or ") + "?"
	}
	var names []string
	for _, sub := range root.Commands() {
		if sub.IsAvailableCommand() {
			names = append(names, sub.Name())
		}
	}
	return errors.New(msg + " (the commands: " + strings.Join(names, ", ") + "; run 'mcpscope --help')")
}
