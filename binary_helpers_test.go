package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// built is the mcpscope binary the tests that run it as a program share:
// go build takes seconds, so it runs once per test process, not per test.
var built struct {
	once sync.Once
	dir  string // removed by TestMain
	bin  string
	skip string // why there is no binary to run, when there is no go command
	err  error
}

// builtBinary returns the path of mcpscope built from this package, built
// on the first call; it skips the test when there is no go command.
func builtBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		gotool, err := exec.LookPath("go")
		if err != nil {
			built.skip = "no go command to build mcpscope with"
			return
		}
		if built.dir, built.err = os.MkdirTemp("", "mcpscope-test-bin-"); built.err != nil {
			return
		}
		bin := filepath.Join(built.dir, "mcpscope")
		if out, err := exec.Command(gotool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		built.bin = bin
	})
	switch {
	case built.skip != "":
		t.Skip(built.skip)
	case built.err != nil:
		t.Fatal(built.err)
	}
	return built.bin
}

// removeBuiltBinary removes what builtBinary built, once no test runs.
func removeBuiltBinary() {
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
}
