package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool call answered with a task beside a _meta nested past
// encoding/json's 10,000 levels is still a task (mcp.CreatedTask reads
// only the task's members), and its row names the task: decoding the whole
// answer failed on the _meta, and the row said an empty id and no status,
// and how to follow it "tasks/get taskId=ID".
func TestExecShowsATaskBesideADeepMeta(t *testing.T) {
	stateDir(t)
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"task":{"taskId":"t1","status":"working"},"_meta":{"deep":` + deep + `}}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", srv.Endpoint(), "tools/call echo text=hi")
	if code != exitOK {
		t.Fatalf("exec exit %d\n%.2000s\n%s", code, out, errOut)
	}
	for _, want := range []string{"\nt1  working  kept until cancelled\n", "tasks/get taskId=t1 says where it stands"} {
		if !strings.Contains(out, want) {
			t.Errorf("exec does not say %q:\n%.2000s", want, out)
		}
	}
}
