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
	lines := n.take("", "", false)
	if got := lines[len(lines)-1]; got != "same ×3" {
		t.Errorf("last line %q, want %q", got, "same ×3")
	}
	if got := lines[len(lines)-2]; got != fmt.Sprintf("m%d", maxNoteLines+9) {
		t.Errorf("line before the run %q", got)
	}
}

// Interleaved list changes (tools, resources, prompts in turn, 500 times)
// fold to the three lines and a count of the rounds, where they printed
// 1,500 lines cut by the bound on held lines.
func TestExecFoldsInterleavedListChanges(t *testing.T) {
	kinds := []string{"tools", "resources", "prompts"}
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		for range 500 {
			for _, k := range kinds {
				_ = x.Notify("notifications/"+k+"/list_changed", nil)
			}
		}
		x.Result(mcptest.TextResult("done", false))
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.URL+"/mcp", "tools/call anything")
	want := "· notifications/tools/list_changed\n· notifications/resources/list_changed\n· notifications/prompts/list_changed\n" +
		"· (the 3 lines above, 499 more times)\ndone"
	if code != exitOK || !strings.Contains(out, want) {
		t.Errorf("exit %d, want the rounds folded:\n%s\ngot:\n%.3000s\n%s", code, want, out, errOut)
	}
}

// A block that comes again in part, or once, keeps every line in order.
func TestNotesFoldABlockOnlyWhereItCameAgain(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a b a c", "a b a c"},
		{"a b a b a", "a b (the 2 lines above, 1 more time) a"},
		{"a a b a", "a ×2 b a"},
		{"a b c a b c a b c b", "a b c (the 3 lines above, 2 more times) b"},
	} {
		n := newNotes("")
		for _, l := range strings.Fields(tc.in) {
			n.add(l)
		}
		if got := strings.Join(n.take("", "", false), " "); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.in, got, tc.want)
		}
	}
}
