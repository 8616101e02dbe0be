package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"
)

// Each command's help text is written in lines that fit a terminal of 80
// columns: exec's --linger paragraph ran a line to 115, which the terminal
// broke mid-word.
func TestHelpTextFitsEightyColumns(t *testing.T) {
	root := newRootCmd()
	for _, c := range append(root.Commands(), root) {
		for _, line := range strings.Split(c.Long, "\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("%s --help: a line of %d columns: %q", c.Name(), n, line)
			}
		}
	}
}

// Every command's --help, flags and list of commands included, fits the
// width it is printed at: 80 columns in a pipe (cobra's own printed each
// flag's usage on one line, to 200 columns, which a terminal broke
// mid-word).
func TestHelpFitsItsWidth(t *testing.T) {
	var paths [][]string
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		paths = append(paths, path)
		for _, sub := range c.Commands() {
			walk(sub, append(append([]string(nil), path...), sub.Name()))
		}
	}
	walk(newRootCmd(), nil)
	t.Setenv("COLUMNS", "")
	const width = 80
	for _, path := range paths {
		out, errOut, code := run(t, append(path, "--help")...)
		if code != exitOK || !strings.Contains(out, "Usage:") {
			t.Errorf("%v --help: exit %d, stderr %q, stdout %q", path, code, errOut, out)
			continue
		}
		for _, line := range strings.Split(out, "\n") {
			if n := ansi.StringWidth(line); n > width {
				t.Errorf("%v --help at %d columns: a line of %d: %q", path, width, n, line)
			}
		}
	}
	// What was wrapped is still there: a flag's usage goes on under it.
	out, _, _ := run(t, "exec", "--help")
	if !strings.Contains(out, "--allow-origin stringArray    let the server point at this other\n") {
		t.Errorf("exec --help does not wrap --allow-origin's usage in its column:\n%s", out)
	}
}
