package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// With labelled lines after it (an error answer's error), the "came on"
// line was padded to their column: "came on   the legacy SSE stream"
// read like a typo. It reads as the sentence it is.
func TestDetailCameOnWithFactsIsSingleSpaced(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE}, 80, 24, "● open")
	l.tm.Type("i")
	l.waitFor("● initialized")
	l.command("resources/read uri=demo://nosuch")
	// The error's row, not "resources/read: ", which the bar says as the
	// request goes out ("resources/read: waiting for the answer…").
	l.waitRowState("resources/read", "✗ rpc error")
	m := l.quit()
	press(m, "end", "enter")
	detail := ansi.Strip(strings.Join(m.detail.lines(), "\n"))
	if !strings.Contains(detail, "came on the legacy SSE stream") || strings.Contains(detail, "came on  ") {
		t.Errorf("Detail of an error answer does not read \"came on the legacy SSE stream\":\n%s", detail)
	}
}
