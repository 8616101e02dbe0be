package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 tool whose x-mcp-header annotations break the rules (the
// TypeScript SDK v2 serves one, and warns that conforming clients leave it
// out) is listed, since the server sent it, but marked with why it cannot
// be called; the tools beside it are not.
func TestExecListingMarksAToolItsHeadersMakeUnusable(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Tools: append(mcptest.StatelessTools(), mcptest.InvalidHeaderTools()...)})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "dup_header "):
			if !strings.Contains(line, `⚠ not callable: x-mcp-header on b "region" repeats the header of a`) {
				t.Errorf("dup_header is not marked with why: %q", line)
			}
		case strings.HasPrefix(line, "forecast "), strings.HasPrefix(line, "greet "):
			if strings.Contains(line, "not callable") {
				t.Errorf("a usable tool is marked: %q", line)
			}
		}
	}
	if n := strings.Count(out, "⚠ not callable"); n != len(mcptest.InvalidHeaderTools()) {
		t.Errorf("%d tools marked, want each of the %d invalid ones:\n%s", n, len(mcptest.InvalidHeaderTools()), out)
	}
}
