package mcp

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server whose initialize answer names no Mcp-Session-Id (a proxy in
// between dropped it) and that then refuses every request for want of one
// (the TypeScript SDK's 400 "No valid session ID provided") is said to be
// that: the 400 alone read as a message the server rejected. Detection,
// whose server/discover probe gets the same 400, still goes on to
// initialize.
func TestSessionWantedButNeverGiven(t *testing.T) {
	const refusal = `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"},"id":null}`
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{NoSessionID: true, Handle: func(x *mcptest.Exchange) {
		if x.Kind == mcptest.KindRequest && x.Method != "initialize" {
			x.Status(http.StatusBadRequest, "application/json", refusal)
			return
		}
		x.Default()
	}})
	s, rec := connect(t, Config{URL: srv.URL, RequestTimeout: 20 * time.Second, NoGetStream: true})
	_, _, err := s.ListTools(testCtx(t), false)
	if CauseOf(err) != CauseSessionNotGiven || !strings.Contains(err.Error(), "No valid session ID provided") || !strings.Contains(err.Error(), "initialize answer named none") {
		t.Errorf("tools/list = %v (cause %q), want it said that the server wants a session its initialize answer never named", err, CauseOf(err))
	}
	s.Close()
	rec.waitEnd(t)
}

// The refusal as Go's http.Error writes it, its line ended by "\n": the
// body was said to be cut ("… (27 bytes)"), as if the record kept only
// its start, though it is whole.
func TestSessionWantedRefusalEndingInANewlineIsWhole(t *testing.T) {
	const refusal = "Bad Request: no session id\n"
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{NoSessionID: true, Handle: func(x *mcptest.Exchange) {
		if x.Kind == mcptest.KindRequest && x.Method != "initialize" {
			x.Status(http.StatusBadRequest, "text/plain; charset=utf-8", refusal)
			return
		}
		x.Default()
	}})
	s, rec := connect(t, Config{URL: srv.URL, RequestTimeout: 20 * time.Second, NoGetStream: true})
	_, _, err := s.ListTools(testCtx(t), false)
	if CauseOf(err) != CauseSessionNotGiven || !strings.Contains(err.Error(), "Bad Request: no session id;") || strings.Contains(err.Error(), "bytes)") {
		t.Errorf("tools/list = %v, want the refusal quoted whole, no size said", err)
	}
	s.Close()
	rec.waitEnd(t)
}
