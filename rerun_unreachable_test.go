package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// replay --against a server that is not there says what to do about it,
// as exec does: it printed only "connection refused".
func TestRerunAgainstNothingSaysWhatToDo(t *testing.T) {
	path, _ := copyRecording(t)
	addr := mcptest.ClosedAddr(t)
	url := "http://" + addr + "/mcp"
	_, errOut, code := run(t, "replay", path, "--against", url)
	if code != exitConnect || !strings.Contains(errOut, "hint: nothing answered at "+addr) {
		t.Errorf("replay --against %s: exit %d, stderr %q; want exit %d with what to do", url, code, errOut, exitConnect)
	}
}
