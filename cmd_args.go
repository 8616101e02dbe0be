package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mcpscope/mcpscope/mcp/command"
)

// needArgs is cobra's argument count check in words that say what the
// arguments are and how to give them ("replay takes one recording FILE"),
// where cobra says "accepts 1 arg(s), received 0" and points at the root
// command's help. max < 0 means no upper bound.
func needArgs(min, max int, what, example string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) >= min && (max < 0 || len(args) <= max) {
			return nil
		}
		if file, readAs := gluedFile(cmd); file != "" {
			return dashFileError(cmd, []string{file}, readAs)
		}
		return &exitError{exitUsage, fmt.Errorf("%s takes %s, not %d argument(s); e.g. %s\nrun '%s --help' for usage",
			cmd.Name(), what, len(args), example, cmd.CommandPath())}
	}
}

// flagError is every command's complaint about a flag in the user's words:
// pflag's "invalid argument "abc" for "--timeout" flag: time: invalid
// duration "abc"" quoted Go's parser, and the usage it pointed at was the
// root command's, not the one whose flag it was. A flag given no value is
// said with what its value is.
func flagError(cmd *cobra.Command, err error) error {
	var bad *pflag.InvalidValueError
	var none *pflag.ValueRequiredError
	if errors.As(err, &none) {
		// pflag's "flag needs an argument: 'H' in -H" named neither the
		// flag as typed nor what its value is.
		f, name := none.GetFlag(), "--"+none.GetFlag().Name
		if sh := none.GetSpecifiedShortnames(); sh != "" {
			name = "-" + sh
		}
		err = fmt.Errorf("%s needs a value after it: %s", name, valueWords(f))
	}
	var unknown *pflag.NotExistError
	if errors.As(err, &unknown) && unknown.GetSpecifiedName() != "" {
		// pflag says only "unknown flag: --bearr"; a slip of a flag the
		// command has is named, as a slip of a command is.
		var names []string
		cmd.Flags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden {
				names = append(names, f.Name)
			}
		})
		short := unknown.GetSpecifiedShortnames() != ""
		typed := "--" + unknown.GetSpecifiedName()
		if short {
			typed = "-" + unknown.GetSpecifiedShortnames()
		}
		if files := dashFiles(cmd, typed, short); len(files) > 0 {
			// A file named with a leading dash (-x.jsonl, -vd.jsonl)
			// reads as flags; pflag's words named a letter of it, or
			// only what was left of it after a real flag's letter.
			readAs := "a flag"
			if len(files) > 1 || files[0] != typed {
				readAs = "flags"
			}
			return dashFileError(cmd, files, readAs)
		}
		if owners := flagOwners(cmd, unknown.GetSpecifiedName(), short); len(owners) > 0 {
			// A flag of another command ("exec --listen", "exec -o") is
			// no slip: the command it belongs to is the one to run.
			return &exitError{exitUsage, fmt.Errorf("%v: %s", err, ownerWords(cmd, unknown.GetSpecifiedName(), short, owners))}
		}
		// A letter is no slip of a long name, nor a command: a shorthand
		// no command has gets pflag's words.
		if near := command.Nearest(unknown.GetSpecifiedName(), names); !short && near != "" {
			err = fmt.Errorf("%v: did you mean --%s?", err, near)
		} else if other := siblingCommand(cmd, unknown.GetSpecifiedName()); !short && other != nil {
			// "replay last --export md" reads as an option of replay, where
			// exporting is a command of its own; its usage is the one to read.
			return &exitError{exitUsage, fmt.Errorf("%v: %s is a command of its own, not a flag of %s: %s\nrun '%s --help' for usage",
				err, other.Name(), cmd.Name(), other.UseLine(), other.CommandPath())}
		}
	}
	if errors.As(err, &bad) {
		f := bad.GetFlag()
		switch f.Value.Type() {
		case "duration":
			unit := ""
			// A bare positive number lacks only its unit; a negative one
			// would be refused with one, so "-1s" is not suggested.
			if n, nerr := strconv.ParseFloat(bad.GetValue(), 64); nerr == nil && n > 0 {
				unit = fmt.Sprintf(" (%ss for seconds: a duration takes its unit)", bad.GetValue())
			}
			err = fmt.Errorf("--%s %q is not a duration%s: give one such as 500ms, 30s, 2m or 1h30m", f.Name, bad.GetValue(), unit)
		case "int":
			err = fmt.Errorf("--%s %q is not a whole number", f.Name, bad.GetValue())
		case "bool":
			// strconv.ParseBool's words name the parser, not the flag's
			// values; a switch is given alone or as --name=false.
			err = fmt.Errorf("--%s=%s: a switch is true or false (or given alone for true)", f.Name, bad.GetValue())
		default:
			switch cause := errors.Unwrap(err); {
			case cause != nil && strings.Contains(cause.Error(), strconv.Quote(bad.GetValue())):
				// The flag's own words name the value already.
				err = fmt.Errorf("--%s %v", f.Name, cause)
			case cause != nil:
				err = fmt.Errorf("--%s %q: %v", f.Name, bad.GetValue(), cause)
			}
		}
	}
	return &exitError{exitUsage, fmt.Errorf("%v\nrun '%s --help' for usage", err, cmd.CommandPath())}
}

// unknownWord is the complaint about a first word that is neither a command
// nor a URL, naming the command it is a slip of ("exce" for exec), or the
// flag it names without its dashes ("version" for --version).
func unknownWord(root *cobra.Command, word string) error {
	msg := fmt.Sprintf("%q is neither a command nor a URL", word)
	if s := nearCommands(root, word); len(s) > 0 {
		msg += "; did you mean " + strings.Join(s, " or ") + "?"
	} else if f := root.Flags().Lookup(strings.ToLower(word)); word != "" && f != nil {
		msg += "; did you mean --" + f.Name + "?"
	}
	return &exitError{exitUsage, errors.New(msg + " (run 'mcpscope --help')")}
}

// nearCommands names root's commands that word is a slip of: the nearest
// (a letter off, two swapped), else those it begins. cobra's SuggestionsFor
// allows no slip unless cobra has set its distance first, and takes an empty
// word for the start of every command.
func nearCommands(root *cobra.Command, word string) []string {
	var names []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	if near := command.Nearest(strings.ToLower(word), names); near != "" {
		return []string{near}
	}
	var begun []string
	for _, n := range names {
		if word != "" && strings.HasPrefix(n, strings.ToLower(word)) {
			begun = append(begun, n)
		}
	}
	return begun
}

// siblingCommand is the command of mcpscope that a flag name names
// ("export" in replay --export), or nil: nil too for cmd itself.
func siblingCommand(cmd *cobra.Command, name string) *cobra.Command {
	for _, c := range cmd.Root().Commands() {
		if c != cmd && c.IsAvailableCommand() && c.Name() == strings.ToLower(name) {
			return c
		}
	}
	return nil
}
