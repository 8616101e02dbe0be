package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A run of the same notification (server-everything's /sse announces its
// tool list changed five times in a row) is one line with a count; the
// same note after another one starts a line of its own.
func TestExecFoldsARunOfTheSameNote(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		for range 5 {
			_ = x.Notify("notifications/tools/list_changed", nil)
		}
		_ = x.Notify("notifications/prompts/list_changed", nil)
		_ = x.Notify("notifications/tools/list_changed", nil)
		x.Result(mcptest.TextResult("done", false))
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.URL+"/mcp", "tools/call anything")
	want := "· notifications/tools/list_changed ×5\n· notifications/prompts/list_changed\n· notifications/tools/list_changed\ndone"
	if code != exitOK || !strings.Contains(out, want) {
		t.Errorf("exit %d, want the run folded:\n%s\ngot:\n%s\n%s", code, want, out, errOut)
	}
}

// Past the bound on held lines, the run that ends the ring is folded too.
func TestNotesFoldInTheRing(t *testing.T) {
	n := newNotes("")
	for i := range maxNoteLines + 10 {
		n.add(fmt.Sprintf("m%d", i))
	}
	for range 3 {
		n.add("same")
	}
	lines := n.take()
	if got := lines[len(lines)-1]; got != "same ×3" {
		t.Errorf("last line %q, want %q", got, "same ×3")
	}
	if got := lines[len(lines)-2]; got != fmt.Sprintf("m%d", maxNoteLines+9) {
		t.Errorf("line before the run %q", got)
	}
}
