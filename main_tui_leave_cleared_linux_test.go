//go:build linux

package main

import (
	"strings"
	"testing"
)

// Quitting blanks the alternate screen before leaving it. tmux, when the
// window grew while the TUI ran, shrinks the alternate screen back to its
// first size as the TUI leaves it, and the rows it cut off the last frame
// showed in the shell above "session recorded to:" (80x24 grown to
// 100x30, then q: six rows of panes). A blank screen leaves nothing.
func TestQuitBlanksTheScreenBeforeLeavingIt(t *testing.T) {
	r := startOnPTY(t, "dumb", "--transport", "streamable")
	if !pollFor(func() bool { return strings.Contains(r.out.String(), "● initialized") }) {
		t.Fatalf("the demo session was not initialized within 10s: %q", r.out.String())
	}
	if err := r.quit(t); err != nil {
		t.Fatalf("quitting the TUI: %v\n%q", err, r.out.String())
	}
	out := r.out.String()
	const leave = "\x1b[?1049l"
	i := strings.LastIndex(out, leave)
	if i < 0 {
		t.Fatalf("the TUI never left the alternate screen: %q", out)
	}
	if before := out[:i]; !strings.HasSuffix(before, "\x1b[2J\x1b[H") {
		t.Errorf("the TUI left the alternate screen without blanking it first; what it wrote last before leaving: %q", before[max(len(before)-200, 0):])
	}
}
