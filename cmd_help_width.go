package main

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mcpscope/mcpscope/internal/wrap"
)

// helpTemplate is cobra's default help template, its text wrapped to the
// width help is printed at: a command with no Long help shows its Short,
// and some of those run past 80 columns.
const helpTemplate = `{{with (or .Long .Short)}}{{helpText $ . | trimTrailingWhitespaces}}

{{end}}{{if or .Runnable .HasSubCommands}}{{.UsageString}}{{end}}`

// usageTemplate is cobra's default usage template with its three kinds of
// long line wrapped to the width help is printed at: a command's Short in
// the list of commands (its words kept in their column) and the flags'
// usage (pflag's FlagUsagesWrapped). Cobra's own printed each on one line,
// which ran to 200 columns and a terminal broke mid-word.
const usageTemplate = `Usage:{{if .Runnable}}
  {{.UseLine}}{{end}}{{if .HasAvailableSubCommands}}
  {{.CommandPath}} [command]{{end}}{{if gt (len .Aliases) 0}}

Aliases:
  {{.NameAndAliases}}{{end}}{{if .HasExample}}

Examples:
{{.Example}}{{end}}{{if .HasAvailableSubCommands}}{{$cmds := .Commands}}{{if eq (len .Groups) 0}}

Available Commands:{{range $cmds}}{{if (or .IsAvailableCommand (eq .Name "help"))}}
{{helpEntry $ .Name .NamePadding .Short}}{{end}}{{end}}{{else}}{{range $group := .Groups}}

{{.Title}}{{range $cmds}}{{if (and (eq .GroupID $group.ID) (or .IsAvailableCommand (eq .Name "help")))}}
{{helpEntry $ .Name .NamePadding .Short}}{{end}}{{end}}{{end}}{{if not .AllChildCommandsHaveGroup}}

Additional Commands:{{range $cmds}}{{if (and (eq .GroupID "") (or .IsAvailableCommand (eq .Name "help")))}}
{{helpEntry $ .Name .NamePadding .Short}}{{end}}{{end}}{{end}}{{end}}{{end}}{{if .HasAvailableLocalFlags}}

Flags:
{{helpFlags $ .LocalFlags | trimTrailingWhitespaces}}{{end}}{{if .HasAvailableInheritedFlags}}

Global Flags:
{{helpFlags $ .InheritedFlags | trimTrailingWhitespaces}}{{end}}{{if .HasHelpSubCommands}}

Additional help topics:{{range .Commands}}{{if .IsAdditionalHelpTopicCommand}}
{{helpEntry $ .CommandPath .CommandPathPadding .Short}}{{end}}{{end}}{{end}}{{if .HasAvailableSubCommands}}

Use "{{.CommandPath}} [command] --help" for more information about a command.{{end}}
`

// wrapHelp makes root's help, and so every subcommand's, fit the width of
// the terminal it is printed to (80 columns in a pipe, or COLUMNS).
func wrapHelp(root *cobra.Command) {
	cobra.AddTemplateFuncs(map[string]any{
		"helpText":  helpText,
		"helpEntry": helpEntry,
		"helpFlags": helpFlags,
	})
	root.SetHelpTemplate(helpTemplate)
	root.SetUsageTemplate(usageTemplate)
}

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

// helpText is a command's help text with each line that is too long for
// c's help width wrapped, its continuation indented as the line was. Long
// help is written in lines of 80 columns; this wraps a Short shown in its
// place, or any help on a narrower terminal.
func helpText(c *cobra.Command, text string) string {
	width := helpWidth(c)
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if ansi.StringWidth(line) <= width {
			out = append(out, line)
			continue
		}
		body := strings.TrimLeft(line, " ")
		indent := strings.Repeat(" ", len(line)-len(body))
		for _, l := range wrap.Words(body, width-len(indent)) {
			out = append(out, indent+l)
		}
	}
	return strings.Join(out, "\n")
}
