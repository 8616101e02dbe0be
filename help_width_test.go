package main

import (
	"strings"
	"testing"
	"unicode/utf8"
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
