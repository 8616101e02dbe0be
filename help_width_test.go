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

// On a terminal narrower than the 80 columns help is written for, each
// command's text is wrapped again to fit, losing no word: paragraphs as a
// whole, a table's descriptions under their names when their column has
// no room left, rather than a short line after every long one.
func TestHelpTextRewrapsForANarrowTerminal(t *testing.T) {
	t.Setenv("COLUMNS", "50")
	root := newRootCmd()
	for _, c := range append(root.Commands(), root) {
		if c.Long == "" {
			continue
		}
		got := helpText(c, c.Long)
		for _, line := range strings.Split(got, "\n") {
			if n := ansi.StringWidth(line); n > 50 {
				t.Errorf("%s at 50 columns: a line of %d: %q", c.Name(), n, line)
			}
		}
		if strings.Join(strings.Fields(got), "") != strings.Join(strings.Fields(c.Long), "") {
			t.Errorf("%s at 50 columns lost or changed text:\n%s", c.Name(), got)
		}
	}
	root.SetArgs([]string{"--help"})
	var out strings.Builder
	root.SetOut(&out)
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	// The root's table of examples: a name too long for its column on a
	// line of its own, what it is under it.
	if want := "  mcpscope http://localhost:8811\n      a Docker MCP Gateway (--bearer or\n"; !strings.Contains(out.String(), want) {
		t.Errorf("mcpscope --help at 50 columns does not put %q:\n%s", want, out.String())
	}
}
