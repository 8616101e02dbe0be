package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/themes"
)

// choiceError is nil when value is one of choices, the values a flag
// takes (all lower case), and otherwise says what it takes. A slip of
// one ("streamble", "SSE", "MD") is named as one, as a slip of a flag's
// name is.
func choiceError(flag, value string, choices []string) error {
	if slices.Contains(choices, value) {
		return nil
	}
	meant := ""
	if near := nearestChoice(value, choices); near != "" {
		meant = "did you mean " + near + "? "
	}
	return fmt.Errorf("%s %q: %suse %s", flag, value, meant, orList(choices))
}

// completeChoices makes the shell's Tab offer choices for cmd's flag: a
// flag that takes one of a few words offered file names, and the words
// were only in --help.
func completeChoices(cmd *cobra.Command, flag string, choices func() []string) {
	// The flag is cmd's own, registered just before: an error is a
	// programming slip, caught by the completion tests.
	_ = cmd.RegisterFlagCompletionFunc(flag, func(_ *cobra.Command, _ []string, typed string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var out []cobra.Completion
		for _, c := range choices() {
			if strings.HasPrefix(c, typed) {
				out = append(out, c)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	})
}

// themeNames are the themes --theme takes, built-in and the user's.
func themeNames() []string {
	ts, _ := themes.List()
	names := make([]string, 0, len(ts))
	for _, t := range ts {
		names = append(names, t.Name)
	}
	return names
}

// orList says choices as a reader does, "a, b or c": the words of a
// flag's help and of its refusal are one list, so neither leaves out a
// value the other takes.
func orList(choices []string) string {
	last := len(choices) - 1
	if last < 1 {
		return strings.Join(choices, "")
	}
	return strings.Join(choices[:last], ", ") + " or " + choices[last]
}

// nearestChoice is the one of choices that value is a slip of: the same
// in another case, one edit away (two for a long word), or so once a
// silent "gh" is left out of the choices, as a word is often spelled as
// it is said ("lite" for light, "hi-contrast"); else "".
func nearestChoice(value string, choices []string) string {
	lower := strings.ToLower(value)
	if slices.Contains(choices, lower) {
		return lower
	}
	if near := command.Nearest(lower, choices); near != "" {
		return near
	}
	said := make([]string, len(choices))
	for i, c := range choices {
		said[i] = strings.ReplaceAll(c, "gh", "")
	}
	if i := slices.Index(said, lower); i >= 0 {
		return choices[i]
	}
	if i := slices.Index(said, command.Nearest(lower, said)); i >= 0 {
		return choices[i]
	}
	return ""
}

// themeError is a theme's error as the user reads it: an unknown name
// asks after the theme it is a slip of, as a flag's choices do.
func themeError(err error) error {
	var unknown *themes.UnknownError
	if errors.As(err, &unknown) {
		unknown.Meant = nearestChoice(unknown.Name, unknown.Available)
	}
	return &exitError{exitUsage, err}
}
