package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mcpscope/mcpscope/mcp/command"
)

// fileHere reports whether name, as typed, names a file (or anything
// else) in the working directory.
func fileHere(name string) bool {
	_, err := os.Lstat(name)
	return err == nil
}

// dashFiles names the files here that an argument pflag refused as an
// unknown flag was: typed as pflag says it, or, for shorthands, with any
// of cmd's switch letters before it. pflag takes -vd.jsonl as -v and
// then says "unknown shorthand flag: 'd' in -d.jsonl", naming only what
// was left after the switch, so the file -vd.jsonl was never looked for.
func dashFiles(cmd *cobra.Command, typed string, short bool) []string {
	if !short {
		if fileHere(typed) {
			return []string{typed}
		}
		return nil
	}
	switches := map[rune]bool{}
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Shorthand != "" && f.NoOptDefVal != "" {
			switches[[]rune(f.Shorthand)[0]] = true
		}
	})
	rest := strings.TrimPrefix(typed, "-")
	entries, err := os.ReadDir(".")
	if err != nil {
		// Unlistable here: the name as pflag gave it is all there is.
		return dashFiles(cmd, typed, false)
	}
	var files []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, "-") || strings.HasPrefix(name, "--") || !strings.HasSuffix(name, rest) {
			continue
		}
		before := strings.TrimSuffix(strings.TrimPrefix(name, "-"), rest)
		if strings.IndexFunc(before, func(r rune) bool { return !switches[r] }) < 0 {
			files = append(files, name)
		}
	}
	return files
}

// gluedFile is the file here that a shorthand flag took as its value, as
// pflag reads a value glued to its letter: export -od.jsonl wrote to
// d.jsonl and was left with no recording, with no word of the file. ""
// when no flag's letter and value make a file's name; readAs says how
// it was read.
func gluedFile(cmd *cobra.Command) (file, readAs string) {
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if file != "" || f.Shorthand == "" || f.NoOptDefVal != "" {
			return
		}
		for _, v := range givenValues(f) {
			if name := "-" + f.Shorthand + v; fileHere(name) {
				file, readAs = name, fmt.Sprintf("-%s with the value %s (for that, put a space after -%s)", f.Shorthand, v, f.Shorthand)
				return
			}
		}
	})
	return file, readAs
}

// dashFileError says that the files named were read as flags (readAs, or
// a flag and its value), and how to give one as a file.
func dashFileError(cmd *cobra.Command, files []string, readAs string) error {
	var given []string
	for _, f := range files {
		given = append(given, command.ShellPath(f))
	}
	return &exitError{exitUsage, fmt.Errorf("%s is a file here, read as %s: give it as %s (or after --)\nrun '%s --help' for usage",
		strings.Join(files, " or "), readAs, strings.Join(given, " or "), cmd.CommandPath())}
}
