package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// MCPSCOPE_STATE_DIR naming a file: sessions, replay and export last said
// only "cannot list recordings in X/sessions: ... not a directory", where
// the mistake is in no command the user typed. They say where the
// directory came from and what to do, as exec's recording does.
func TestAStateDirThatIsAFileSaysWhereItCameFrom(t *testing.T) {
	file := filepath.Join(t.TempDir(), "state")
	if err := os.WriteFile(file, []byte("not a directory\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("MCPSCOPE_STATE_DIR", file)
	t.Chdir(t.TempDir())
	want := "(the sessions directory is " + filepath.Join(file, "sessions") + " from $MCPSCOPE_STATE_DIR: fix or unset MCPSCOPE_STATE_DIR"
	for _, args := range [][]string{{"sessions"}, {"replay"}, {"export", "last"}} {
		_, errOut, code := run(t, args...)
		if code == exitOK || !strings.Contains(errOut, "not a directory") || !strings.Contains(errOut, want) {
			t.Errorf("%s: exit %d, stderr %q; want %q", strings.Join(args, " "), code, errOut, want)
		}
	}
	if got, err := os.ReadFile(file); err != nil || string(got) != "not a directory\n" {
		t.Errorf("the file MCPSCOPE_STATE_DIR names now holds %q (%v)", got, err)
	}
}
