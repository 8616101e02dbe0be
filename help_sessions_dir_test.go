package main

import (
	"strings"
	"testing"
)

// sessions --help names the folder it lists without DIR, and says proxy
// records there too: it said "the state directory", which holds the
// history beside sessions/, and named only mcpscope and exec, so a proxy
// user looked for the proxy's recordings elsewhere.
func TestSessionsHelpNamesTheSessionsDirectory(t *testing.T) {
	stateDir(t)
	out, errOut, code := run(t, "sessions", "--help")
	words := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{
		"Without DIR it lists the sessions directory, where mcpscope, exec and proxy record",
		"$MCPSCOPE_STATE_DIR/sessions",
		"~/.local/state/mcpscope/sessions",
	} {
		if code != exitOK || !strings.Contains(words, want) {
			t.Errorf("sessions --help: exit %d, want %q in:\n%s\n%s", code, want, out, errOut)
		}
	}
}
