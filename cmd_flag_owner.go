package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagOwners are the commands of mcpscope other than cmd that have the
// flag name (the root command, the TUI, among them), so that a flag given
// to the wrong command ("exec --listen") is answered with the command it
// belongs to rather than pflag's bare "unknown flag". With short, name is
// a shorthand ("exec -o" is export's --output), where pflag said only
// "unknown shorthand flag". Hidden flags (proxy's --record, kept only to
// answer with what proxy takes instead) own nothing.
func flagOwners(cmd *cobra.Command, name string, short bool) []*cobra.Command {
	root := cmd.Root()
	var owners []*cobra.Command
	for _, c := range append([]*cobra.Command{root}, root.Commands()...) {
		if c == cmd || (c != root && !c.IsAvailableCommand()) || name == "help" || name == "h" {
			continue
		}
		if f := ownFlag(c, name, short); f != nil && !f.Hidden {
			owners = append(owners, c)
		}
	}
	return owners
}

// ownFlag is c's flag of that name, or of that shorthand with short.
func ownFlag(c *cobra.Command, name string, short bool) *pflag.Flag {
	if !short {
		return c.Flags().Lookup(name)
	}
	if len(name) != 1 {
		return nil // ShorthandLookup panics on more than one letter
	}
	return c.Flags().ShorthandLookup(name)
}

// ownerWords says whose flag --name is and what cmd is for instead: "--listen
// belongs to mcpscope proxy, not to exec (exec: run commands against a
// server without the TUI and print the results)", with the usage to read
// being the first owner's. A shorthand is said with its long name: "-o
// (--output) belongs to mcpscope export".
func ownerWords(cmd *cobra.Command, name string, short bool, owners []*cobra.Command) string {
	paths := make([]string, len(owners))
	for i, c := range owners {
		paths[i] = c.CommandPath()
		if !c.HasParent() {
			paths[i] += " (the TUI)"
		}
	}
	what := ""
	if cmd.Short != "" {
		what = fmt.Sprintf(" (%s: %s%s)", cmd.Name(), strings.ToLower(cmd.Short[:1]), cmd.Short[1:])
	}
	flag := "--" + name
	if short {
		flag = "-" + name
		if f := ownFlag(owners[0], name, true); f != nil {
			flag += " (--" + f.Name + ")"
		}
	}
	return fmt.Sprintf("%s belongs to %s, not to %s%s\nrun '%s --help' for usage",
		flag, orList(paths), cmd.Name(), what, owners[0].CommandPath())
}
