package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A sessions directory that cannot be made (MCPSCOPE_STATE_DIR or
// XDG_STATE_HOME names a file) is an error that names the variable it came
// from: the command line the user typed holds no path to fix.
func TestRecordingDirErrorNamesTheVariableItCameFrom(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).URL
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, env := range []string{"MCPSCOPE_STATE_DIR", "XDG_STATE_HOME"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv("MCPSCOPE_STATE_DIR", "")
			t.Setenv(env, file)
			_, errOut, code := run(t, "exec", url, "tools/list")
			if code == 0 || !strings.Contains(errOut, "not a directory") || !strings.Contains(errOut, "from $"+env+": fix or unset "+env) {
				t.Errorf("exit %d, stderr %q; want a failure naming $%s", code, errOut, env)
			}
		})
	}
}
