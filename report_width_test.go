package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// An error said to a terminal is wrapped between words at its width, its
// hint's indent kept: at 80 columns the terminal broke "fix or unset
// MCPSCOPE_S|TATE_DIR" mid-word. To a pipe (no width) it stays one line
// for a script to grep.
func TestReportWrapsAtTheTerminalsWidth(t *testing.T) {
	msg := "recording: cannot write to /tmp/x/sessions/2026-11-30T06-05-23_127.0.0.1-12570.jsonl: no space left on device (the sessions directory is /tmp/x/sessions from $MCPSCOPE_STATE_DIR: fix or unset MCPSCOPE_STATE_DIR, choose a file with --record FILE, or --no-record)\n  hint: the disk is full: free space there, or choose a directory on another disk with MCPSCOPE_STATE_DIR=DIR"
	err := &exitError{code: exitUsage, err: errors.New(msg)}
	var out strings.Builder
	if code := reportIn(&out, 80, err); code != exitUsage {
		t.Errorf("exit status %d, want %d", code, exitUsage)
	}
	said := strings.TrimSuffix(out.String(), "\n")
	if strings.Join(strings.Fields(said), " ") != strings.Join(strings.Fields("mcpscope: "+msg), " ") {
		t.Errorf("the words said differ from the error's:\n%s", said)
	}
	hint := false
	for _, r := range strings.Split(said, "\n") {
		if ansi.StringWidth(r) > 80 {
			t.Errorf("row %q is wider than the terminal's 80 columns", r)
		}
		if strings.HasPrefix(r, "  hint: ") {
			hint = true
		} else if hint && !strings.HasPrefix(r, "  ") {
			t.Errorf("row %q of the hint lost its indent", r)
		}
	}
	if !hint {
		t.Errorf("the hint does not start a row of its own:\n%s", said)
	}
	out.Reset()
	reportIn(&out, 0, err)
	if n := strings.Count(out.String(), "\n"); n != 2 {
		t.Errorf("to a pipe the error is %d lines, want its 2:\n%s", n, out.String())
	}
}
