package main

import (
	"strings"
	"testing"
)

// execShows runs mcpscope with args and fails the test unless it exits
// code with want in its output, which is said whole beside what came.
func execShows(t *testing.T, code int, want string, args ...string) {
	t.Helper()
	out, errOut, got := run(t, args...)
	if got != code || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %d and:\n%s\ngot:\n%s\n%s", got, code, want, out, errOut)
	}
}
