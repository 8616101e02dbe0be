package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy stream that ends right after its endpoint event leaves a
// request sent then saying why there is no endpoint (the stream that named
// it ended, and how), not "the stream has no endpoint", as if none had
// come.
func TestRequestAfterTheStreamEndedSaysWhy(t *testing.T) {
	_, s, rec := dial(t, mcptest.Options{CloseAfterEndpoint: true}, Config{})
	rec.waitFor(t, "the stream's end", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateClosed
	})
	_, err := s.Request(testCtx(t), "tools/list", nil)
	if err == nil || !strings.Contains(err.Error(), "the stream that named the endpoint ended (the server closed the stream)") {
		t.Errorf("Request = %v, want it to say the stream that named the endpoint ended, and how", err)
	}
}
