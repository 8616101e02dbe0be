package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// needArgs is cobra's argument count check in words that say what the
// arguments are and how to give them ("replay takes one recording FILE"),
// where cobra says "accepts 1 arg(s), received 0" and points at the root
// command's help. max < 0 means no upper bound.
func needArgs(min, max int, what, example string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) >= min && (max < 0 || len(args) <= max) {
			return nil
		}
		return &exitError{exitUsage, fmt.Errorf("%s takes %s, not %d argument(s); e.g. %s\nrun '%s --help' for usage",
			cmd.Name(), what, len(args), example, cmd.CommandPath())}
	}
}
