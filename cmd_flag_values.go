package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagValue says what a flag's value is and what leaving the flag out
// does, for the flags an empty value (an unset shell variable:
// --against "$URL") turned into the flag not given: the command did the
// other thing without a word, a TUI replay for a re-run, a print for a
// saved file.
type flagValue struct{ wants, omit string }

// flagValues are those flags, by name.
var flagValues = map[string]flagValue{
	"against":    {"the URL of the server to re-run the recording against", "leave --against out to replay it in the TUI"},
	"save":       {"the FILE to write what resources/read gave to", "leave --save out to print it"},
	"record":     {"the FILE to record the session to", "leave --record out for a new file in the sessions directory, or give --no-record"},
	"record-dir": {"the directory to record each client's session in", "leave --record-dir out for the sessions directory"},
	"output":     {"the FILE to write to", "leave --output out to write to standard output"},
}

// valueWords is what f's value is (and how to do without it) for "needs a
// value after it"; the flag's usage, which says what the flag does, for a
// flag flagValues does not name.
func valueWords(f *pflag.Flag) string {
	if v, ok := flagValues[f.Name]; ok && !f.Hidden {
		return fmt.Sprintf("%s (or %s)", v.wants, v.omit)
	}
	return f.Usage
}

// refuseEmptyValues refuses a flag of flagValues given an empty value,
// saying what its value is and how to leave it out.
func refuseEmptyValues(cmd *cobra.Command, _ []string) error {
	var err error
	cmd.Flags().Visit(func(f *pflag.Flag) {
		v, ok := flagValues[f.Name]
		if ok && !f.Hidden && err == nil && f.Value.String() == "" {
			err = &exitError{exitUsage, fmt.Errorf("--%s \"\": give %s, or %s", f.Name, v.wants, v.omit)}
		}
	})
	return err
}

// givenValues is each value f was given: a slice flag's each, any other
// flag's one.
func givenValues(f *pflag.Flag) []string {
	if s, ok := f.Value.(pflag.SliceValue); ok {
		return s.GetSlice()
	}
	return []string{f.Value.String()}
}
