package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that closes the connection without answering is said to have
// done that, not "failed: EOF".
func TestConnectionClosedWithoutAnAnswerIsSaid(t *testing.T) {
	url := mcptest.RawAnswer(t, "")
	s := NewSession(Config{URL: url + "/mcp", Transport: TransportStreamable, RequestTimeout: 10 * time.Second})
	rec := collect(s)
	err := s.Connect(testCtx(t))
	if err == nil || !strings.Contains(err.Error(), "closed the connection without answering") {
		t.Errorf("Connect = %v, want it said that the server closed the connection without answering", err)
	}
	s.Close()
	rec.waitEnd(t)
}
