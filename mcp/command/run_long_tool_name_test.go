package command

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool name pasted wrong, 100 KB long, was quoted whole in the warning
// that it is not in tools/list: a 100 KB line on the terminal. It is
// quoted up to a bound, with its length.
func TestRunUnknownLongToolNameIsClipped(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	s, _ := open(t, srv.URL)
	name := "gr" + strings.Repeat("é", 50_000)
	_, warnings, _ := runLine(t, s, "tools/call "+name)
	if len(warnings) == 0 {
		t.Fatal("no warning that the tool is not in tools/list")
	}
	for _, w := range warnings {
		if len(w.Message) > 2000 || len(w.Short) > 2000 {
			t.Errorf("a warning is %d bytes (short %d) for a 100 KB tool name, want it clipped", len(w.Message), len(w.Short))
		}
	}
	if !strings.Contains(warnings[0].Message, "(100002 bytes)") {
		t.Errorf("the warning does not say how long the name was: %.300s", warnings[0].Message)
	}
}
