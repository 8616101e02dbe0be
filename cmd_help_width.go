package main

import (
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mcpscope/mcpscope/internal/wrap"
)

// wrapHelp makes root's help, and so every subcommand's, fit the width of
// the terminal it is printed to (80 columns in a pipe, or COLUMNS). Help
// and usage are Go functions, not cobra templates: executing a
// text/template reaches reflect's MethodByName, which keeps every exported
// method of every linked package in the binary (3 MB more to load at
// each start).
func wrapHelp(root *cobra.Command) {
	root.SetHelpFunc(func(c *cobra.Command, _ []string) {
		printHelp(c.OutOrStdout(), c)
	})
	root.SetUsageFunc(func(c *cobra.Command) error {
		printUsage(c.OutOrStderr(), c)
		return nil
	})
}

// printHelp is cobra's default help with its text wrapped to the width
// help is printed at: a command with no Long help shows its Short, and
// some of those run past 80 columns.
func printHelp(w io.Writer, c *cobra.Command) {
	text := c.Long
	if text == "" {
		text = c.Short
	}
	if text != "" {
		fmt.Fprintf(w, "%s\n\n", trimRight(helpText(c, text)))
	}
	if c.Runnable() || c.HasSubCommands() {
		fmt.Fprint(w, c.UsageString())
	}
}

// printUsage is cobra's default usage with its two kinds of long line
// wrapped to the width help is printed at: a command's Short in a list of
// commands (its words kept in their column) and the flags' usage
// (pflag's FlagUsagesWrapped). Cobra's own printed each on one line, which
// ran to 200 columns and a terminal broke mid-word.
func printUsage(w io.Writer, c *cobra.Command) {
	fmt.Fprint(w, "Usage:")
	if c.Runnable() {
		fmt.Fprintf(w, "\n  %s", c.UseLine())
	}
	if c.HasAvailableSubCommands() {
		fmt.Fprintf(w, "\n  %s [command]", c.CommandPath())
	}
	if len(c.Aliases) > 0 {
		fmt.Fprintf(w, "\n\nAliases:\n  %s", c.NameAndAliases())
	}
	if c.HasExample() {
		fmt.Fprintf(w, "\n\nExamples:\n%s", c.Example)
	}
	if c.HasAvailableSubCommands() {
		list := func(title, group string) {
			fmt.Fprintf(w, "\n\n%s", title)
			for _, sub := range c.Commands() {
				if sub.GroupID == group && (sub.IsAvailableCommand() || sub.Name() == "help") {
					fmt.Fprintf(w, "\n%s", helpEntry(c, sub.Name(), sub.NamePadding(), sub.Short))
				}
			}
		}
		if len(c.Groups()) == 0 {
			// With no groups, no command names one.
			list("Available Commands:", "")
		} else {
			for _, g := range c.Groups() {
				list(g.Title, g.ID)
			}
			if !c.AllChildCommandsHaveGroup() {
				list("Additional Commands:", "")
			}
		}
	}
	if c.HasAvailableLocalFlags() {
		fmt.Fprintf(w, "\n\nFlags:\n%s", trimRight(helpFlags(c, c.LocalFlags())))
	}
	if c.HasAvailableInheritedFlags() {
		fmt.Fprintf(w, "\n\nGlobal Flags:\n%s", trimRight(helpFlags(c, c.InheritedFlags())))
	}
	if c.HasHelpSubCommands() {
		fmt.Fprint(w, "\n\nAdditional help topics:")
		for _, sub := range c.Commands() {
			if sub.IsAdditionalHelpTopicCommand() {
				fmt.Fprintf(w, "\n%s", helpEntry(c, sub.CommandPath(), sub.CommandPathPadding(), sub.Short))
			}
		}
	}
	if c.HasAvailableSubCommands() {
		fmt.Fprintf(w, "\n\nUse \"%s [command] --help\" for more information about a command.", c.CommandPath())
	}
	fmt.Fprintln(w)
}

// trimRight is s without the blanks it ends in.
func trimRight(s string) string { return strings.TrimRightFunc(s, unicode.IsSpace) }

// helpWidth is the width c's help is printed at.
func helpWidth(c *cobra.Command) int {
	return outputWidth(c.OutOrStdout())
}

// helpFlags is fs's flag list wrapped to c's help width.
func helpFlags(c *cobra.Command, fs *pflag.FlagSet) string {
	return fs.FlagUsagesWrapped(helpWidth(c))
}

// helpEntry is one line of a list of commands, "  name  Short", its Short
// wrapped in the column it starts in.
func helpEntry(c *cobra.Command, name string, pad int, short string) string {
	indent := 2 + max(pad, len(name)) + 1
	head := "  " + name + strings.Repeat(" ", indent-3-len(name)) + " "
	lines := wrap.Words(short, helpWidth(c)-indent)
	return head + strings.Join(lines, "\n"+strings.Repeat(" ", indent))
}

// helpText is a command's help text fitted to c's help width. Text that
// fits is left as written (Long help is written in lines of 80 columns).
// Otherwise (a Short shown in place of Long, any help on a narrower
// terminal) a paragraph is wrapped again as a whole, a table's row ("  name
// what it is") keeps its description in its column with the lines that
// continue it there, and any other indented line is wrapped at its indent:
// wrapping line by line left a short line after every long one.
func helpText(c *cobra.Command, text string) string {
	return fitText(text, helpWidth(c))
}

// fitText is text fitted to width as helpText says; exec's usage block
// after a command-line error is fitted by it too.
func fitText(text string, width int) string {
	lines := strings.Split(text, "\n")
	fits := true
	for _, l := range lines {
		fits = fits && ansi.StringWidth(l) <= width
	}
	if fits {
		return text
	}
	var out []string
	add := func(first, rest string, words []string) {
		for n, l := range wrap.Words(strings.Join(words, " "), width-len(rest)) {
			if n == 0 {
				out = append(out, first+l)
			} else {
				out = append(out, rest+l)
			}
		}
	}
	for i := 0; i < len(lines); {
		line := lines[i]
		i++
		indent, col := leadingSpaces(line), tableColumn(line)
		switch {
		case strings.TrimSpace(line) == "":
			out = append(out, "")
		case indent == 0:
			words := []string{line}
			for i < len(lines) && strings.TrimSpace(lines[i]) != "" && leadingSpaces(lines[i]) == 0 {
				words = append(words, lines[i])
				i++
			}
			add("", "", words)
		case col > 0:
			words := []string{line[col:]}
			// Continuations are at the column, or a little past it
			// under an opening parenthesis.
			for i < len(lines) && strings.TrimSpace(lines[i]) != "" && leadingSpaces(lines[i]) >= col && leadingSpaces(lines[i]) <= col+2 {
				words = append(words, strings.TrimSpace(lines[i]))
				i++
			}
			if width-col >= minColumn {
				add(line[:col], strings.Repeat(" ", col), words)
				break
			}
			// Too little room in the column: the name on a line of its
			// own, what it is under it, further in; both brought in when
			// the row's own indent leaves too little room (a row deep
			// in, at 21 columns, ran past the edge by its indent).
			if width-indent-4 < minColumn {
				indent = min(indent, 2)
			}
			add(strings.Repeat(" ", indent), strings.Repeat(" ", indent+4), []string{strings.TrimSpace(line[:col])})
			pad := strings.Repeat(" ", indent+4)
			add(pad, pad, words)
		default:
			// An indented line (a command shown) is wrapped at its
			// indent, going on a little further in so the next one's
			// start still stands out; lines deep in (a description in
			// the column of a row too long for it) are one block. Either
			// is brought in when its indent leaves too little room.
			words := []string{line[indent:]}
			for indent > deepIndent && i < len(lines) && strings.TrimSpace(lines[i]) != "" && leadingSpaces(lines[i]) == indent && tableColumn(lines[i]) == 0 {
				words = append(words, strings.TrimSpace(lines[i]))
				i++
			}
			if width-indent < minColumn {
				indent = min(indent, 6)
			}
			first, rest := strings.Repeat(" ", indent), strings.Repeat(" ", indent)
			if len(words) == 1 {
				rest += "    "
			}
			add(first, rest, words)
		}
	}
	return strings.Join(out, "\n")
}

// deepIndent is the indent past which lines are a column's description
// rather than examples or items of their own.
const deepIndent = 8

// minColumn is the least room a table row's description is wrapped in, in
// its column.
const minColumn = 20

// leadingSpaces counts the spaces line starts with.
func leadingSpaces(line string) int {
	return len(line) - len(strings.TrimLeft(line, " "))
}

// tableColumn is where the description of a table row starts (after a run
// of two or more spaces that follows the row's first text), or 0 when
// line is no row.
func tableColumn(line string) int {
	start := leadingSpaces(line)
	gap := strings.Index(line[start:], "  ")
	if start == 0 || gap < 0 {
		return 0
	}
	rest := line[start+gap:]
	col := start + gap + leadingSpaces(rest)
	if col >= len(line) {
		return 0
	}
	return col
}
