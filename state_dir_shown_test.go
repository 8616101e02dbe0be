package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A state directory whose name holds an escape sequence (here OSC 52, a
// clipboard write) and bytes that are not UTF-8 is named on the terminal
// without them: in exec's "recorded to", and in the sessions listing and
// its footer.
func TestStateDirPathIsSanitizedWhereShown(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).URL
	state := filepath.Join(t.TempDir(), "a\x1b]52;c;cm0gLXJmIH4=\x07b\xff")
	t.Setenv("MCPSCOPE_STATE_DIR", state)
	out, errOut, code := run(t, "exec", url, "tools/list")
	if code != 0 {
		t.Fatalf("exec exit %d: %s", code, errOut)
	}
	if !strings.Contains(out+errOut, "recorded to ") {
		t.Fatalf("exec did not say where it recorded: stdout %q stderr %q", out, errOut)
	}
	sessOut, sessErr, code := run(t, "sessions")
	if code != 0 || !strings.Contains(sessErr, "1 recording in ") {
		t.Fatalf("sessions exit %d, stdout %q stderr %q; want the one recording", code, sessOut, sessErr)
	}
	for name, s := range map[string]string{"exec": out + errOut, "sessions": sessOut + sessErr} {
		if strings.ContainsAny(s, "\x1b\x07") || strings.Contains(s, "\xff") {
			t.Errorf("%s printed the state directory's escape sequence or raw bytes: %q", name, s)
		}
	}
}

// With HOME unset, a mcpscope-UID directory in the temporary directory
// that another user could read (made first by them) is refused by name,
// saying what to do, rather than recorded into or listed.
func TestHomelessStateDirNotPrivateIsRefused(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).URL
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("HOME", "")
	t.Setenv("MCPSCOPE_STATE_DIR", "")
	t.Setenv("XDG_STATE_HOME", "")
	own := filepath.Join(tmp, fmt.Sprintf("mcpscope-%d", os.Getuid()))
	if err := os.Mkdir(own, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(own, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"exec", url, "tools/list"}, {"sessions"}} {
		_, errOut, code := run(t, args...)
		if code == 0 || !strings.Contains(errOut, own) || !strings.Contains(errOut, "mode 0755") || !strings.Contains(errOut, "MCPSCOPE_STATE_DIR") {
			t.Errorf("%s: exit %d, stderr %q; want a refusal naming %s, its mode and MCPSCOPE_STATE_DIR", args[0], code, errOut, own)
		}
	}
	entries, err := os.ReadDir(own)
	if err != nil || len(entries) != 0 {
		t.Errorf("%s holds %v (%v); want nothing recorded there", own, entries, err)
	}
}
