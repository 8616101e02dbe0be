package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// mcpscope sessions names a recording whose path holds a space and a
// quote as a shell reads it back, on a line of its own (140 columns, where
// it fits, at 80 only its name does) and piped: pasted after
// mcpscope replay, the bare path was two arguments, neither a file.
func TestSessionsQuoteAPathWithASpace(t *testing.T) {
	state := filepath.Join(t.TempDir(), "Ann's state")
	t.Setenv("MCPSCOPE_STATE_DIR", state)
	url := demotest.Start(t, demo.Options{}).URL
	if _, errOut, code := run(t, "exec", url+"/mcp", "tools/list"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	path := onlyRecording(t, filepath.Join(state, "sessions"))
	for _, columns := range []string{"140", ""} {
		t.Setenv("COLUMNS", columns)
		out, _, code := run(t, "sessions")
		if code != exitOK {
			t.Fatalf("sessions: exit %d", code)
		}
		// The path, quoted or not, starts where the temporary directory
		// does and ends after .jsonl, with the quote around it if any.
		base := filepath.Dir(state)
		i := strings.Index(out, base)
		if i < 0 {
			t.Fatalf("COLUMNS=%q: sessions names no path under %s:\n%s", columns, base, out)
		}
		if i > 0 && out[i-1] == '\'' {
			i--
		}
		word, _, _ := strings.Cut(out[i:], ".jsonl")
		word += ".jsonl"
		if rest := out[i+len(word):]; strings.HasPrefix(rest, "'") {
			word += "'"
		}
		if !strings.HasPrefix(word, "'") {
			t.Errorf("COLUMNS=%q: sessions left the path %s unquoted:\n%s", columns, word, out)
			continue
		}
		if got := argsInBash(t, "replay "+word); len(got) != 2 || got[1] != path {
			t.Errorf("COLUMNS=%q: the listed path read by bash is %q, want %q\n%s", columns, got, path, out)
		}
	}
}
