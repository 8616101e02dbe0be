package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/themes"
)

// A flag that takes one of a few words has them offered by the shell's
// Tab: export --format, --theme, --transport and --log-level offered file
// names, and their words were only in --help.
func TestFlagChoicesComplete(t *testing.T) {
	stateDir(t)
	t.Setenv(themes.EnvConfigDir, t.TempDir()) // no user themes
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"export", "--format", ""}, []string{"md", "markdown", "json"}},
		{[]string{"export", "--format", "j"}, []string{"json"}},
		{[]string{"--theme", ""}, []string{"default", "dark", "light", "high-contrast", "mono"}},
		{[]string{"replay", "--theme", "l"}, []string{"light"}},
		{[]string{"proxy", "--theme", "h"}, []string{"high-contrast"}},
		{[]string{"--transport", "s"}, []string{"sse", "streamable", "stateless"}},
		{[]string{"exec", "--log-level", "w"}, []string{"warning"}},
	} {
		out, errOut, code := run(t, append([]string{"__complete"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", c.args, code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		got, directive := lines[:len(lines)-1], lines[len(lines)-1]
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("mcpscope %s <tab> offers %q, want %q", strings.Join(c.args, " "), got, c.want)
		}
		// :4 is cobra's no-file-completion directive: file names are no
		// value of these flags.
		if directive != ":4" {
			t.Errorf("mcpscope %s <tab> ends %q, want :4 (no file names)", strings.Join(c.args, " "), directive)
		}
	}
}
