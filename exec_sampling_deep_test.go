package main

import (
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A sampling request whose params nest past encoding/json's 10,000 levels
// (here its metadata) still says what it asks: the messages to reply to
// are in exec's hint, read with the one JSON scanner. They used to be lost
// with the whole params ("reply to  — type the reply").
func TestExecDeepSamplingKeepsItsMessages(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 10050) + `1` + strings.Repeat(`}`, 10050)
	srv := samplingAsker(t, `{"messages":[{"role":"user","content":{"type":"text","text":"What is 2+2?"}}],"maxTokens":10,"metadata":`+deep+`}`)
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools/call anything")
	if code != exitFailed || !strings.Contains(errOut, "reply to user: What is 2+2?") {
		t.Errorf("exit %d, want %d and the message to reply to in the hint\n%.2000s\n%.2000s", code, exitFailed, out, errOut)
	}
}

// samplingAsker is a streamable fake whose tools/call asks
// sampling/createMessage with params, then waits for the reply (a
// refusal when exec has no --answer), as a real server does: answering at
// once raced exec's reading of the request.
func samplingAsker(t *testing.T, params string) *mcptest.StreamableServer {
	t.Helper()
	replied := make(chan struct{})
	var once sync.Once
	return mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind == mcptest.KindResponse {
			once.Do(func() { close(replied) })
		}
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		_ = x.Event(`{"jsonrpc":"2.0","id":"ask-1","method":"sampling/createMessage","params":` + params + `}`)
		select {
		case <-replied:
		case <-x.Context().Done():
		}
		x.Result(map[string]any{"content": []map[string]string{{"type": "text", "text": "done"}}})
	}})
}
