package mcp

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer that comes after its tools/call timed out names the call it
// answers, as an answer in time does: the late record held only the id,
// and every line that said it ("the answer to request id 7 came after
// …") left the person to find which request id 7 was.
func TestLateAnswerNamesItsRequest(t *testing.T) {
	release := make(chan struct{})
	handle := func(c *mcptest.Call) {
		if c.Method != "tools/call" {
			c.Default()
			return
		}
		c.After(func() {
			<-release
			c.ReplyBefore202(`{"jsonrpc":"2.0","id":` + string(c.ID) + `,"result":{"content":[]}}`)
		})
	}
	_, s, rec := dial(t, mcptest.Options{Handle: handle}, Config{RequestTimeout: 200 * time.Millisecond})
	var released sync.Once
	let := func() { released.Do(func() { close(release) }) }
	t.Cleanup(let)
	_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	var te *TimeoutError
	if !errors.As(err, &te) {
		t.Fatalf("CallTool = %v, want a TimeoutError", err)
	}
	let()
	late := rec.waitFor(t, "late answer", func(r Record) bool { return r.Kind == KindReceived && r.RPC.Class == ClassLate })
	if late.RPC.Method != "tools/call" || late.RPC.Tool != "slow" {
		t.Errorf("the late answer names method %q tool %q, want tools/call slow", late.RPC.Method, late.RPC.Tool)
	}
}
