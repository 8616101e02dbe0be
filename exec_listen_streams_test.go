package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// With a subscriptions/listen of the user's own beside the session's, one
// list change comes on each stream: exec --linger says which stream
// brought each line. It printed "notifications/tools/list_changed ×2",
// which read as the server sending one change twice. With the session's
// stream alone there is nothing to tell apart, and no stream is named.
func TestExecLingerSaysWhichListenStreamBroughtANote(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).URL + demo.StatelessPath
	out, errOut, code := run(t, "exec", "--no-record", "--linger", "1s", url,
		`subscriptions/listen notifications:='{"toolsListChanged":true}'`, "tools/call mcp-add name=time")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{
		"· notifications/tools/list_changed (from your subscriptions/listen stream)\n",
		"· notifications/tools/list_changed (from the session's listen stream)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "×2") {
		t.Errorf("output folds the two streams' notes into one:\n%s", out)
	}
	out, errOut, code = run(t, "exec", "--no-record", "--linger", "1s", url, "tools/call mcp-add name=dice")
	if code != exitOK || !strings.Contains(out, "· notifications/tools/list_changed\n") {
		t.Errorf("exit %d, want 0 and the change with no stream named:\n%s\n%s", code, out, errOut)
	}
}
