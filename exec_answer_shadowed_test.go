package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Two --answer lines that both answer the same question: the first given
// is taken, and the other, which answered nothing, was dropped without a
// word ('confirm accept' then 'confirm decline' confirmed). exec says it
// was not used, and which line was.
func TestExecSaysAnAnswerShadowedByAnEarlierOne(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--answer", "confirm accept confirm:=true", "--answer", "confirm decline", srv.URL, "tools/call confirm action=x")
	want := "warning: --answer 'confirm decline' was not used: 'confirm accept confirm:=true', given before it, answered confirm"
	if code != exitOK || strings.Count(errOut, want) != 1 {
		t.Errorf("exit %d, want one warning %q\n%s\n%s", code, want, out, errOut)
	}
	// Each used by a request of its own: nothing to say.
	_, errOut, _ = run(t, "exec", "--no-record", "--no-listen", "--answer", "confirm accept confirm:=true", srv.URL, "tools/call confirm action=x")
	if strings.Contains(errOut, "was not used") {
		t.Errorf("one answer, used, was said unused:\n%s", errOut)
	}
}
