package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// exec's "recorded to" names a recording whose path holds a space quoted
// as a shell reads it back: pasted bare after "mcpscope replay" it was two
// arguments, neither a file.
func TestExecRecordedToQuotesAPathWithASpace(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "st ate")
	t.Setenv("MCPSCOPE_STATE_DIR", dir)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	_, errOut, code := run(t, "exec", srv.Endpoint(), "ping")
	path := onlyRecording(t, filepath.Join(dir, "sessions"))
	if want := "recorded to '" + path + "'\n"; !strings.Contains(errOut, want) {
		t.Errorf("exit %d, stderr lacks %q:\n%s", code, want, errOut)
	}
}
