package main

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool the server no longer lists is named whole on its diff line when
// the line has room, as server-everything's get-annotated-message: it was
// cut to a third of the line ("g…otated-message") however short its path.
func TestRerunNamesTheElementWholeWhenItFits(t *testing.T) {
	stateDir(t)
	long := mcptest.Tool{Name: "get-annotated-message", InputSchema: []byte(`{"type":"object"}`)}
	before := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: append(mcptest.StreamableTools(), long)})
	rec := filepath.Join(t.TempDir(), "tools.jsonl")
	if _, errOut, code := run(t, "exec", "--record", rec, before.Endpoint(), "tools/list"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	after := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	out, errOut, code := run(t, "replay", rec, "--against", after.Endpoint())
	if code != exitFailed {
		t.Fatalf("replay --against a server without the tool: exit %d, want %d\n%s\n%s", code, exitFailed, out, errOut)
	}
	if want := `: missing (name "get-annotated-message")`; !strings.Contains(out, want) {
		t.Errorf("the report does not name the tool whole (%s):\n%s", want, out)
	}
	for _, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > 80 && strings.Contains(line, "(name ") {
			t.Errorf("%d columns: %q", n, line)
		}
	}
}
