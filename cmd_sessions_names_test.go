package main

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// At 80 columns the sessions directory's paths (81 columns under
// ~/.local/state) wrapped onto a second line. Where a whole path would
// not fit, each recording is named by its file name alone, which replay
// and export find in the sessions directory, and the listing says so.
func TestSessionsNamesFitEightyColumns(t *testing.T) {
	dir := stateDir(t)
	t.Setenv("COLUMNS", "80")
	url := demotest.Start(t, demo.Options{}).URL
	if _, errOut, code := run(t, "exec", url+"/mcp", "tools/list"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	whole := onlyRecording(t, dir)
	if len(whole) <= 78 {
		t.Skipf("the state directory's path %s fits 80 columns", whole)
	}
	out, errOut, code := run(t, "sessions")
	if code != exitOK {
		t.Fatalf("sessions: exit %d: %s", code, errOut)
	}
	for _, l := range strings.Split(out+errOut, "\n") {
		if l != "sessions" && strings.HasPrefix(l, "/") {
			continue // the count's directory, where it cannot be cut
		}
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("a line of sessions is %d columns wide: %q\n%s", n, l, out)
		}
	}
	name := filepath.Base(whole)
	if !strings.Contains(out, "\n  "+name+"\n") || !strings.Contains(out+errOut, "replay and export find it there") {
		t.Fatalf("sessions does not name the recording %s on a line of its own, nor say where it is:\n%s%s", name, out, errOut)
	}
	if got, errOut, code := run(t, "export", name); code != exitOK || !strings.HasPrefix(got, "# mcpscope session: ") {
		t.Errorf("export %s as sessions named it: exit %d\n%s", name, code, errOut)
	}
}
