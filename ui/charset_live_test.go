package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/list answered in JSON labelled charset=iso-8859-1, with latin-1
// in a tool's name, shows U+FFFD where those bytes were: the row's Detail
// says why, where only the recording's charset field did.
func TestLiveForeignCharsetAnswerIsSaid(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/list" {
			x.Status(200, "application/json; charset=iso-8859-1", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[{"name":"caf`+"\xe9"+`","inputSchema":{"type":"object"}}]}}`)
			return
		}
		x.Default()
	}})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true}, 200, 50, "● initialized")
	l.command("tools/list")
	l.waitRowState("tools/list", "✓")
	m := l.quit()
	press(m, "enter")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "labelled charset=iso-8859-1") || !strings.Contains(view, "show as U+FFFD") {
		t.Errorf("Detail of tools/list does not say its answer's charset:\n%s", view)
	}
}
