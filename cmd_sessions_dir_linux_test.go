package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// mcpscope sessions DIR lists the recordings in DIR, where a --record FILE
// or a proxy's --record-dir put them: sessions listed only the state
// directory, and said it listed every recording. A FIFO there is passed
// over unopened (opening one waits for a writer for ever), and a FIFO or
// a file given as DIR is refused, as a DIR that is not there is.
func TestSessionsListsTheDirGiven(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	dir := t.TempDir()
	rec := filepath.Join(dir, "kept.jsonl")
	if _, errOut, code := run(t, "exec", "--record", rec, srv.Endpoint(), "tools/list"); code != exitOK {
		t.Fatalf("exec --record: exit %d: %s", code, errOut)
	}
	fifo := filepath.Join(dir, "pipe.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	// Listed last, unopened, saying what each is: left out, a link to a
	// recording that had moved read as a recording lost, with no word.
	if err := os.Mkdir(filepath.Join(dir, "folder.jsonl"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("loop.jsonl", filepath.Join(dir, "loop.jsonl")); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "sessions", dir)
	if code != exitOK || !strings.Contains(out, rec) || !strings.Contains(out, srv.Endpoint()) {
		t.Errorf("sessions %s: exit %d, want the recording there listed:\n%s\n%s", dir, code, out, errOut)
	}
	for _, want := range []string{"(a named pipe)", "(a directory)", "(a link in a loop)"} {
		if !strings.Contains(out, want) {
			t.Errorf("sessions %s does not say %q of an entry named like a recording:\n%s", dir, want, out)
		}
	}
	if strings.Contains(out, "))") {
		t.Errorf("sessions %s nests parentheses in a note:\n%s", dir, out)
	}
	if strings.Contains(out, "0001-01-01") {
		t.Errorf("sessions %s gives an entry no time of its own:\n%s", dir, out)
	}
	if want := "1 recording in " + dir + ", and 3 other .jsonl (listed last, not a recording)"; !strings.Contains(errOut, want) {
		t.Errorf("sessions %s says %q, want %q", dir, errOut, want)
	}
	if out, _, _ := run(t, "sessions"); strings.Contains(out, rec) {
		t.Errorf("sessions without DIR lists the state directory, yet it listed %s:\n%s", rec, out)
	}

	for _, c := range []struct{ arg, want string }{
		{fifo, fifo + " is not a directory"},
		{rec, rec + " is not a directory"},
		{filepath.Join(dir, "nosuch"), "no directory " + filepath.Join(dir, "nosuch")},
	} {
		if _, errOut, code := run(t, "sessions", c.arg); code != exitFailed || !strings.Contains(errOut, c.want) {
			t.Errorf("sessions %s: exit %d, %q; want exit %d saying %q", c.arg, code, errOut, exitFailed, c.want)
		}
	}
	empty := t.TempDir()
	if _, errOut, code := run(t, "sessions", empty); code != exitOK || !strings.Contains(errOut, "no recordings in "+empty) {
		t.Errorf("sessions of an empty folder: exit %d, %q", code, errOut)
	}
}

// sessions last, with no folder named last, says what last is for
// (replay and export's newest recording), where "no directory last to
// list recordings in" left a user who took it for "the newest" guessing.
func TestSessionsLastSaysWhatLastIsFor(t *testing.T) {
	stateDir(t)
	t.Chdir(t.TempDir())
	_, errOut, code := run(t, "sessions", "last")
	if code != exitFailed || !strings.Contains(errOut, "mcpscope replay last") || !strings.Contains(errOut, "no directory last") {
		t.Errorf("sessions last: exit %d, %q; want exit %d saying there is no folder last and what last is for", code, errOut, exitFailed)
	}
}
