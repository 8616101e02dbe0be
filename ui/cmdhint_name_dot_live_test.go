package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool's or a key's name holding " · " is one part of the hint, as a
// description holding it is: split at the name's own " · ", a hint too
// wide for its row left out "fast* string" and kept "mode", which read as
// a key of that name, and the tool's name was taken for a part before
// its description.
func TestHintNamesWithTheSeparatorStayWhole(t *testing.T) {
	tools := append(mcptest.StreamableTools(), mcptest.Tool{
		Name:        "run · now",
		Description: "Runs a job " + strings.Repeat("on the machines the user names ", 4),
		InputSchema: json.RawMessage(`{"type":"object","properties":{"job":{"type":"string"},"mode · fast":{"type":"string","description":"` +
			strings.Repeat("how to run it ", 4) + `"}},"required":["job","mode · fast"]}`),
	})
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: tools})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.command("tools/list")
	l.waitOK("tools/list")
	m := l.quit()
	// Drawn with no-break spaces: the same cells on a terminal.
	whole := strings.ReplaceAll(hintAt(m, 200, `tools/call 'run · now' `), "\u00a0", " ")
	if !strings.HasPrefix(whole, "run · now — Runs a job on the machines") || !strings.HasSuffix(whole, " · job* string · mode · fast* string") {
		t.Fatalf("the hint at 200 columns is %q", whole)
	}
	// Named "run · now", the tool's part was "run" alone, not the one
	// with its description, which is cut to keep the arguments whole.
	if hint := strings.ReplaceAll(hintAt(m, 60, `tools/call 'run · now' `), "\u00a0", " "); !strings.HasSuffix(hint, "… · job* string · mode · fast* string") {
		t.Errorf("at 60 columns the hint %q does not keep both arguments whole", hint)
	}
	for w := 60; w < 200; w += 7 {
		hint := strings.ReplaceAll(hintAt(m, w, `tools/call 'run · now' `), "\u00a0", " ")
		if strings.HasSuffix(hint, " · mode") || strings.HasSuffix(hint, "mode · …") || strings.HasPrefix(hint, "run · …") {
			t.Errorf("at %d columns the hint %q splits a name at its own ·", w, hint)
		}
	}
}
