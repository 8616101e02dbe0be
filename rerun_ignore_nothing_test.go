package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// An --ignore that matches no field of any answer compared is read
// leniently (a typo is a key name) and so ignored nothing without a word;
// replay says so once, after the results, without changing the outcome.
func TestRerunSaysAnIgnoreMatchedNothing(t *testing.T) {
	dir := stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL + "/mcp"
	if out, errOut, code := run(t, "exec", url, "tools/list"); code != exitOK {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	out, errOut, code := run(t, "replay", onlyRecording(t, dir), "--against", url,
		"--ignore", "$.result.tols", "--ignore", "tools", "--ignore", "$.result.tools[*].name", "--ignore", "$.result.tols")
	if code != exitOK || !strings.Contains(out, "0 different") {
		t.Fatalf("re-run: exit %d\n%s\n%s", code, out, errOut)
	}
	want := `note: --ignore "$.result.tols" matched nothing: no answer compared has such a field`
	if strings.Count(errOut, want) != 1 {
		t.Errorf("stderr %q does not say once %q", errOut, want)
	}
	for _, used := range []string{`"tools"`, `"$.result.tools[*].name"`} {
		if strings.Contains(errOut, used) {
			t.Errorf("stderr %q says %s, which matched, matched nothing", errOut, used)
		}
	}
}
