package main

import (
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Every flag of every command is in the README: a newcomer reads it top to
// bottom, and --no-progress, export's --output, demo-server's --greeting
// and proxy's --record-dir were only in --help.
func TestREADMENamesEveryFlag(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Name == "help" || f.Hidden {
				return
			}
			if !strings.Contains(string(readme), "--"+f.Name) {
				t.Errorf("%s --%s: not in README.md", c.CommandPath(), f.Name)
			}
		})
		for _, sub := range c.Commands() {
			if sub.Name() != "completion" && sub.Name() != "help" {
				walk(sub)
			}
		}
	}
	root := newRootCmd()
	root.InitDefaultVersionFlag()
	walk(root)
}
