package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"
)

// helpPlain is s as help text is written: printable ASCII and newlines,
// anything else an x.
func helpPlain(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || (r >= ' ' && r <= '~') {
			return r
		}
		return 'x'
	}, s)
}

// letters is s's text without its spaces: what a reader reads, however it
// is wrapped (a word too long for a line is broken).
func letters(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// FuzzHelpFits: help text of any shape (paragraphs, table rows, indented
// examples), shown at any width of 20 columns or more, has no line wider
// than the width and keeps every word's letters in order.
func FuzzHelpFits(f *testing.F) {
	root := newRootCmd()
	for _, c := range append(root.Commands(), root) {
		f.Add(c.Long, uint8(0), "", uint8(0), "")
	}
	f.Add("Usage:\n  mcpscope connect URL   connect to a server and watch\n                         what it says\n", uint8(5), "connect", uint8(12), "Connect to an MCP server and watch everything it says")
	f.Add("  a                                                          b c d e\n", uint8(1), "a-very-long-command-name", uint8(30), "short")
	f.Fuzz(func(t *testing.T, text string, w uint8, name string, pad uint8, short string) {
		width := 20 + int(w)
		t.Setenv("COLUMNS", strconv.Itoa(width))
		c := &cobra.Command{Use: "x"}
		c.SetOut(&bytes.Buffer{})
		text, short = helpPlain(text), helpPlain(strings.ReplaceAll(short, "\n", " "))
		got := helpText(c, text)
		check := func(what, in, got string) {
			for _, l := range strings.Split(got, "\n") {
				if n := ansi.StringWidth(l); n > width {
					t.Fatalf("%s at %d columns has a line of %d: %q\nin: %q\nout:\n%s", what, width, n, l, in, got)
				}
			}
			if letters(got) != letters(in) {
				t.Fatalf("%s at %d columns lost words:\nin: %q\nout: %q", what, width, in, got)
			}
		}
		check("helpText", text, got)
		// A command's name is a word of a few letters (the longest is
		// about 15) and pad the longest name's length.
		name = helpPlain(strings.Join(strings.Fields(name), ""))
		if len(name) > 16 || pad > 16 {
			return
		}
		check("helpEntry", name+" "+short, helpEntry(c, name, int(pad), short))
	})
}
