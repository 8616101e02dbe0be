package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// exec --save made a new file 0644 while export -o and recordings make
// theirs 0600: a resource the server gave can hold a secret (a token, a
// key), so a new file is the owner's only. A file replaced with --force
// keeps the mode its owner gave it.
func TestExecSaveIsOwnerOnlyWhenNew(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	dir := t.TempDir()
	fresh := filepath.Join(dir, "readme.md")
	if _, errOut, code := run(t, "exec", "--no-record", "--save", fresh, srv.MCPURL(), "read demo://readme"); code != exitOK {
		t.Fatalf("exec --save: exit %d: %s", code, errOut)
	}
	if got := modeOf(t, fresh); got != 0o600 {
		t.Errorf("a new --save file has mode %v, want 0600", got)
	}
	shared := filepath.Join(dir, "shared.md")
	if err := os.WriteFile(shared, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(shared, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := run(t, "exec", "--no-record", "--save", shared, "--force", srv.MCPURL(), "read demo://readme"); code != exitOK {
		t.Fatalf("exec --save --force over a file: exit %d: %s", code, errOut)
	}
	if got := modeOf(t, shared); got != 0o644 {
		t.Errorf("a file --save --force replaced has mode %v, want its 0644 kept", got)
	}
}

// modeOf is the permission bits of path.
func modeOf(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}
