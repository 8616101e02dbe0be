package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool's description holding " · " itself is one part of the hint, cut
// as a description is to keep the arguments whole: split at its own
// " · ", the hint took "fast and exact…" for a part after the description
// and left out the arguments to keep it.
func TestToolHintDescriptionWithTheSeparatorKeepsArguments(t *testing.T) {
	tools := append(mcptest.StreamableTools(), mcptest.Tool{
		Name:        "sum",
		Description: "Adds two numbers · fast and exact, for any pair of numbers the user cares to give it, however large",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"]}`),
	})
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: tools})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.command("tools/list")
	l.waitOK("tools/list")
	m := l.quit()
	// The description's own " · " is drawn with no-break spaces: the same
	// cells on a terminal.
	hint := strings.ReplaceAll(hintAt(m, 60, "tools/call sum "), "\u00a0", " ")
	if !strings.HasPrefix(hint, "sum — Adds two numbers · fast") || !strings.HasSuffix(hint, "… · a* number · b* number") {
		t.Errorf("tools/call sum at 60 columns: hint %q, want the description cut after its own · and both arguments whole", hint)
	}
}
