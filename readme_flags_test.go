package main

import (
	"os"
	"regexp"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Every flag of every command is in the README, by its name and by its
// one-letter form: a newcomer reads it top to bottom, and --no-progress,
// export's --output, demo-server's --greeting, proxy's --record-dir,
// completion's --no-descriptions and -v were only in --help.
func TestREADMENamesEveryFlag(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	named := func(word string) bool {
		// A word of its own: --record is not found in --record-dir.
		return regexp.MustCompile(`(^|[^-\w])` + regexp.QuoteMeta(word) + `($|[^-\w])`).Match(readme)
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Name == "help" || f.Hidden {
				return
			}
			if !named("--" + f.Name) {
				t.Errorf("%s --%s: not in README.md", c.CommandPath(), f.Name)
			}
			if f.Shorthand != "" && !named("-"+f.Shorthand) {
				t.Errorf("%s -%s (--%s): not in README.md", c.CommandPath(), f.Shorthand, f.Name)
			}
		})
		for _, sub := range c.Commands() {
			if sub.Name() != "help" {
				walk(sub)
			}
		}
	}
	root := newRootCmd()
	root.InitDefaultVersionFlag()
	walk(root)
}
