//go:build linux

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The TUI says a --root names no directory where it is read, in its
// status line: on stderr, as exec says it, it was under the TUI's screen.
func TestTUISaysARootIsNoDirectory(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	missing := filepath.Join(t.TempDir(), "nonexist")
	// A dumb terminal is asked nothing: nobody answers this one.
	r := startOnPTY(t, "dumb", srv.SSEURL(), "--no-record", "--root", missing)
	want := "is no directory here"
	pollFor(func() bool { return strings.Contains(r.out.String(), want) })
	_ = r.quit(t)
	if text := r.out.String(); !strings.Contains(text, want) {
		t.Errorf("the TUI did not say %q:\n%q", want, text[max(0, len(text)-600):])
	}
}
