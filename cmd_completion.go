package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// guardCompletion makes cobra's completion command refuse what names no
// shell: on its own, or followed by a word that is none of its shells, it
// printed its help and exited 0, so 'mcpscope completion zsh2 > file'
// wrote the help into the file and said nothing. A word after a shell is
// refused in the same words as any other command's extra argument.
func guardCompletion(root *cobra.Command) {
	// cobra's shells write to the output the root had when the command
	// was made; made here, before a caller's SetOut, that would be
	// stdout whatever the caller set, so they write where it is then.
	root.SetOut(laterOut{root})
	root.InitDefaultCompletionCmd()
	root.SetOut(nil)
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		for _, sub := range c.Commands() {
			// cobra's NoArgs said 'unknown command "x" for "mcpscope
			// completion bash"' and pointed at the root's help.
			sub.Args = needArgs(0, 0, "no arguments", "mcpscope completion "+sub.Name()+" > FILE")
		}
		c.Args = cobra.ArbitraryArgs
		c.RunE = func(c *cobra.Command, args []string) error {
			var shells []string
			for _, sub := range c.Commands() {
				if sub.IsAvailableCommand() {
					shells = append(shells, sub.Name())
				}
			}
			what := "completion needs the name of a shell"
			if len(args) > 0 {
				what = fmt.Sprintf("completion %q: no such shell", args[0])
			}
			return &exitError{exitUsage, fmt.Errorf("%s: give one of %s, e.g. mcpscope completion bash\nrun 'mcpscope completion --help' for usage",
				what, strings.Join(shells, ", "))}
		}
	}
}

// laterOut writes to root's output as it is when the write happens.
type laterOut struct{ root *cobra.Command }

func (w laterOut) Write(p []byte) (int, error) { return w.root.OutOrStdout().Write(p) }
