package main

import (
	"context"
	"io"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// benchExec runs `exec URL tools/list` in-process against the demo gateway:
// connect, initialize, tools/list, print, close. Process start-up is not in
// it (measure that with `mcpscope --version`).
func benchExec(b *testing.B, record bool) {
	b.Setenv("MCPSCOPE_STATE_DIR", b.TempDir())
	srv := demotest.Start(b, demo.Options{})
	cmds, err := parseCommands([]string{"tools/list"})
	if err != nil {
		b.Fatal(err)
	}
	cf := connFlags{transport: mcp.TransportAuto, timeout: 10e9, endpointTimeout: 10e9, maxEventSize: 4 << 20}
	for b.Loop() {
		rf := recordFlags{off: !record}
		if err := runExec(context.Background(), io.Discard, io.Discard, srv.URL, append([]command.Command(nil), cmds...), &cf, &rf, &execFlags{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExecToolsList(b *testing.B)         { benchExec(b, false) }
func BenchmarkExecToolsListRecorded(b *testing.B) { benchExec(b, true) }
