package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 5 MB log message is printed cut, saying how long it was and where all
// of it is (the recording, or exec --json without one): it used to be
// printed whole, flooding the terminal.
func TestExecCutsAHugeLogMessage(t *testing.T) {
	huge := "start " + strings.Repeat("x", 5<<20) + " end"
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		_ = x.Log("info", huge)
		_ = x.Log("info", "short and whole")
		x.Result(mcptest.TextResult("done", false))
	}})
	path := filepath.Join(t.TempDir(), "s.jsonl")
	for _, tc := range []struct {
		flag, where string
	}{
		{"--no-record", "(exec --json shows all of it)"},
		{"--record=" + path, "(all of it is in the recording " + path + ", and in exec --json)"},
	} {
		out, errOut, code := run(t, "exec", tc.flag, "--max-event-size", "16MB", srv.URL+"/mcp", "tools/call anything")
		if code != exitOK || len(out) > 64<<10 || !strings.Contains(out, "· log info fake: start xxx") || !strings.Contains(out, "(5242890 bytes) "+tc.where) || !strings.Contains(out, "· log info fake: short and whole\n") {
			t.Errorf("%s: exit %d, %d bytes out; want the log message cut, its size and %q\n…%s\n%s", tc.flag, code, len(out), tc.where, out[max(0, len(out)-600):], errOut)
		}
	}
}
