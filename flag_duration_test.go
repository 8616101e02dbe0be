package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// --help writes a duration's default as the README does and a person
// types it: "(default 60s)", where it wrote Go's "1m0s" beside the
// README's 60s. Every duration flag of every command alike.
func TestHelpWritesDurationsAsTheREADME(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "exec", "--help")
	if code != exitOK || !strings.Contains(out, "answer (default 60s)") || !strings.Contains(string(readme), "(default 60s)") {
		t.Errorf("exec --help: exit %d, want --timeout's default written 60s as in the README:\n%s\n%s", code, out, errOut)
	}
	durations := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Value.Type() != "duration" {
				return
			}
			durations++
			if _, ok := f.Value.(durationFlag); !ok {
				t.Errorf("%s --%s is pflag's duration, which --help writes as Go does (1m0s)", c.CommandPath(), f.Name)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd())
	if durations == 0 {
		t.Fatal("no duration flag found")
	}
}

func TestDurationFlagReadsAndWrites(t *testing.T) {
	for _, tc := range []struct {
		in, out string
		want    time.Duration
	}{
		{"60s", "60s", time.Minute},
		{"1m", "60s", time.Minute},
		{"1h30m", "5400s", 90 * time.Minute},
		{"500ms", "500ms", 500 * time.Millisecond},
		{"1.5s", "1.5s", 1500 * time.Millisecond},
		{"0s", "0", 0},
	} {
		var d time.Duration
		f := durationFlag{&d}
		if err := f.Set(tc.in); err != nil || d != tc.want || f.String() != tc.out {
			t.Errorf("Set(%q) = %v, %v; String() = %q, want %v and %q", tc.in, d, err, f.String(), tc.want, tc.out)
		}
	}
	var d time.Duration
	if err := (durationFlag{&d}).Set("5"); err == nil {
		t.Error(`Set("5") took a duration without its unit`)
	}
}
