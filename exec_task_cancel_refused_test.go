package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// ctrl+c on a task whose tasks/cancel the server refuses with an error
// object that has no code: exec's cancellation line read "refused: 0
// busy", a code the server never sent.
func TestExecTaskCancelRefusedWithNoCode(t *testing.T) {
	tasks := mcptest.Tasks(nil)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tasks/cancel" {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"error":{"message":"busy"}}`)
			return
		}
		tasks(x)
	}})
	recording := filepath.Join(t.TempDir(), "session.jsonl")
	cmd, ended, stderr, ctx := execUntil(t, srv, "tasks/result", "exec", "--no-get-stream", "--record", recording, srv.Endpoint(), "tools/call research topic=forever")
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	interruptedCleanly(t, ctx, cmd, ended, stderr, recording)
	said := cmd.Stdout.(*bytes.Buffer).String() + stderr.String()
	if !strings.Contains(said, ": refused: JSON-RPC error (no code) busy") || strings.Contains(said, "refused: 0") {
		t.Errorf("exec said:\n%s\nwant the refused tasks/cancel said with no code", said)
	}
}
