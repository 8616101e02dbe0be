package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A second `exec --record FILE` to a file that holds a recording used to
// replace it without a word, and the first session was lost. It is refused
// as a usage error that says what to do, the file is left as it was, and
// --force replaces it on purpose.
func TestRecordRefusesAnExistingFileUnlessForced(t *testing.T) {
	stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL
	path := filepath.Join(t.TempDir(), "s.jsonl")
	first := recordedExec(t, path, url, "tools/list")
	_, errOut, code := run(t, "exec", "--record", path, url, "ping")
	if code != exitUsage || !strings.Contains(errOut, path+" already exists") || !strings.Contains(errOut, "--force") {
		t.Errorf("second recording to the same file: exit %d, stderr %q; want 2, the file named and --force offered", code, errOut)
	}
	if again, _ := os.ReadFile(path); string(again) != string(first) {
		t.Errorf("the refused run changed the first recording:\nbefore %s\nafter %s", first, again)
	}
	if _, errOut, code := run(t, "exec", "--force", "--record", path, url, "ping"); code != exitOK {
		t.Fatalf("--force: exit %d: %s", code, errOut)
	}
	if again, _ := os.ReadFile(path); string(again) == string(first) || !strings.Contains(string(again), `"ping"`) {
		t.Errorf("--force did not replace the recording:\n%s", again)
	}
}

// --force with nothing it could replace is a usage error naming the flags
// it serves, for exec and for the TUI.
func TestForceWithoutAFileIsRefused(t *testing.T) {
	stateDir(t)
	_, errOut, code := run(t, "exec", "--force", "http://127.0.0.1:1/mcp", "ping")
	if code != exitUsage || !strings.Contains(errOut, "--record FILE or --save FILE") {
		t.Errorf("exec --force alone: exit %d, stderr %q", code, errOut)
	}
	_, errOut, code = run(t, "--force", "http://127.0.0.1:1/mcp")
	if code != exitUsage || !strings.Contains(errOut, "--force only lets --record FILE replace") {
		t.Errorf("mcpscope --force alone: exit %d, stderr %q", code, errOut)
	}
}
