package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2025 server that offers no GET stream (405) and answers a request 202
// with no body, as it would a notification, fails the request at once
// saying so: the lenient wait for the answer on the GET stream had no
// stream to wait on and ran out the whole timeout, said as a server that
// "took it but no answer came back".
func TestRequestAcceptedWithoutGetStreamFailsAtOnce(t *testing.T) {
	opts := mcptest.StreamableOptions{GET: mcptest.GETNone, Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) { x.Accept() })}
	_, s, _ := dialStreamable(t, opts, Config{RequestTimeout: time.Minute})
	began := time.Now()
	_, err := s.CallTool(testCtx(t), "add", []byte(`{"a":1,"b":2}`))
	if CauseOf(err) != CauseNoResponse || !strings.Contains(err.Error(), "202 Accepted") || !strings.Contains(err.Error(), "offers no GET stream (405)") {
		t.Fatalf("tools/call = %v (cause %s), want at once that the 202 carried no answer and the server offers no GET stream", err, CauseOf(err))
	}
	if waited := time.Since(began); waited > 10*time.Second {
		t.Errorf("tools/call failed after %s, want at once, not after the timeout", waited)
	}
}
