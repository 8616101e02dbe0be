//go:build linux

package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// TestCommandsDoNotQueryTheTerminal runs the built binary on a
// pseudo-terminal that never answers, as under script(1), a CI runner or an
// editor's shell. A command that queried the terminal (bubbletea's init asks
// for the background colour) would write OSC 11 and a cursor position
// request and wait five seconds for an answer that never comes; none may.
func TestCommandsDoNotQueryTheTerminal(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	for _, args := range [][]string{
		{"--version"},
		{"exec", "--no-record", srv.SSEURL(), "tools/list"},
		{"sessions"},
	} {
		out := runOnSilentTerminal(t, args...)
		if strings.Contains(out, "\x1b]11;") || strings.Contains(out, "\x1b[6n") {
			t.Errorf("mcpscope %s queried the terminal: %q", strings.Join(args, " "), out)
		}
	}
}

// runOnSilentTerminal runs the built mcpscope with args, with stdin,
// stdout and stderr on a new pseudo-terminal nobody answers, and returns
// what it wrote there.
func runOnSilentTerminal(t *testing.T, args ...string) string {
	t.Helper()
	r := startOnPTY(t, "xterm-256color", args...)
	err := r.wait()
	if r.timedOut() {
		t.Fatalf("mcpscope %s did not finish within 30s on a silent terminal: %q", strings.Join(args, " "), r.out.String())
	}
	if err != nil {
		t.Errorf("mcpscope %s: %v\n%s", strings.Join(args, " "), err, r.out.String())
	}
	return r.out.String()
}
