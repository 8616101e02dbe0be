package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// execAtWidth runs `mcpscope exec --no-record url command` as it runs on a
// terminal width columns wide, with the connection flags' defaults, and
// returns what it printed.
func execAtWidth(t *testing.T, url string, width int, command string) string {
	t.Helper()
	cmds, err := parseCommands([]string{command})
	if err != nil {
		t.Fatal(err)
	}
	cf := connFlags{transport: mcp.TransportAuto, timeout: mcp.DefaultRequestTimeout, endpointTimeout: mcp.DefaultEndpointTimeout, maxEventSize: mcp.DefaultMaxEventSize}
	var out, errOut bytes.Buffer
	if err := runExec(context.Background(), &out, &errOut, url, cmds, &cf, &recordFlags{off: true}, &execFlags{width: width}); err != nil {
		t.Fatalf("%v\n%s\n%s", err, out.String(), errOut.String())
	}
	return out.String()
}
