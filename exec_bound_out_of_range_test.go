package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool whose schema bounds an argument past float64's range ("minimum":
// 1e400) lists the bound as past the range: it was left out without a
// word, and the argument read as unbounded.
func TestExecSaysAToolBoundPastFloat64sRange(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Tools: []mcptest.Tool{{
		Name:        "count",
		Description: "Counts.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer","minimum":1e400}}}`),
	}}})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "tools/list")
	if want := "n: integer (>= a number past float64's range)"; code != exitOK || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %q:\n%s\n%s", code, want, out, errOut)
	}
}
