package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// flagOwners are the commands of mcpscope other than cmd that have the
// flag name (the root command, the TUI, among them), so that a flag given
// to the wrong command ("exec --listen") is answered with the command it
// belongs to rather than pflag's bare "unknown flag". Hidden flags (proxy's
// --record, kept only to answer with what proxy takes instead) own nothing.
func flagOwners(cmd *cobra.Command, name string) []*cobra.Command {
	root := cmd.Root()
	var owners []*cobra.Command
	for _, c := range append([]*cobra.Command{root}, root.Commands()...) {
		if c == cmd || (c != root && !c.IsAvailableCommand()) || name == "help" {
			continue
		}
		if f := c.Flags().Lookup(name); f != nil && !f.Hidden {
			owners = append(owners, c)
		}
	}
	return owners
}

// ownerWords says whose flag --name is and what cmd is for instead: "--listen
// belongs to mcpscope proxy, not to exec (exec: run commands against a
// server without the TUI and print the results)", with the usage to read
// being the first owner's.
func ownerWords(cmd *cobra.Command, name string, owners []*cobra.Command) string {
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
	return fmt.Sprintf("--%s belongs to %s, not to %s%s\nrun '%s --help' for usage",
		name, orList(paths), cmd.Name(), what, owners[0].CommandPath())
}
