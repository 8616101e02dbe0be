package regular

import (
	"io/fs"
	"strings"
	"testing"
)

// Every kind reads cleanly in both places it is said: in the sessions
// listing's parentheses, where "(a named pipe (FIFO))" nested a pair in a
// pair, and in a refusal ("x is a named pipe, not a regular file").
func TestKindsReadCleanlyInParentheses(t *testing.T) {
	for _, m := range []fs.FileMode{fs.ModeDir, fs.ModeNamedPipe, fs.ModeSocket, fs.ModeDevice,
		fs.ModeDevice | fs.ModeCharDevice, fs.ModeIrregular} {
		k := Kind(m)
		if strings.ContainsAny(k, "()") || !strings.HasPrefix(k, "a ") {
			t.Errorf("Kind(%v) = %q: a kind is a noun phrase with no parentheses of its own", m, k)
		}
	}
	if got, want := Kind(fs.ModeNamedPipe), "a named pipe"; got != want {
		t.Errorf("Kind(FIFO) = %q, want %q", got, want)
	}
}
