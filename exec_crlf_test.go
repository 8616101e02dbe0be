package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool described with CRLF line endings (written on Windows) lists with
// its first line only, and no carriage return shown as ␍ at its end.
func TestExecListsACRLFDescriptionByItsFirstLine(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Tools: []mcptest.Tool{{
		Name:        "greet",
		Description: "Greets a person.\r\nThe second line says more.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{}}`),
	}}})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "greet  Greets a person.\n") || strings.Contains(out, "␍") || strings.Contains(out, "second line") {
		t.Errorf("tools/list printed\n%s\nwant greet with its description's first line, nothing after it", out)
	}
}
