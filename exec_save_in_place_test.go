package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// --force replaces a file whose directory takes no temporary file beside
// it (here a name too long for one; a directory the user may not write to
// is the same): it is written in place, as before --save wrote through a
// file beside it. It failed, though the file could be written.
func TestExecSaveForceWhereNoFileFitsBeside(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	path := filepath.Join(t.TempDir(), strings.Repeat("n", 250))
	if err := os.WriteFile(path, []byte("what I had\n"), 0o600); err != nil {
		t.Skip("this file system takes no 250-byte name:", err)
	}
	out, errOut, code := run(t, "exec", "--no-record", "--force", "--save", path, srv.MCPURL(), "read demo://readme")
	if code != exitOK {
		t.Fatalf("exit %d:\n%s\n%s", code, out, errOut)
	}
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), "mcpscope") || strings.Contains(string(b), "what I had") {
		t.Errorf("the file was not replaced with the resource: %.80q", b)
	}
}
