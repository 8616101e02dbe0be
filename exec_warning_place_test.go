package main

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A warning about a command's arguments is printed under that command's
// "──" line, where a terminal showing stdout and stderr together puts it
// beside the command it is about. It was printed once the answer was in,
// before the block was: it sat above the line, read as the end of the
// command before.
func TestExecWarningComesUnderItsCommand(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	cmds, err := parseCommands([]string{"tools/call echo text=first", "tools/call echo txt=second"})
	if err != nil {
		t.Fatal(err)
	}
	cf := connFlags{transport: mcp.TransportAuto, timeout: mcp.DefaultRequestTimeout, endpointTimeout: mcp.DefaultEndpointTimeout, maxEventSize: mcp.DefaultMaxEventSize, noGetStream: true}
	var both syncBuffer // stdout and stderr, in the order written, as on a terminal
	_ = runExec(context.Background(), &both, &both, srv.Endpoint(), cmds, &cf, &recordFlags{off: true}, &execFlags{})
	screen := both.String()
	second := strings.LastIndex(screen, "── tools/call echo")
	warned := strings.Index(screen, "warning: txt: unknown key")
	if second < 0 || warned < 0 || warned < second || strings.Count(screen, "── tools/call echo") != 2 {
		t.Errorf("want the second call's warning under its own line, once:\n%s", screen)
	}
}
