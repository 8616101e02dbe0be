package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that cannot read a request (too large, or its id unreadable)
// answers, as JSON-RPC says, an error with id null. The request's failure
// quotes that error: it is the server's reason. It used to say only that
// "an answer came back with id null that no request of ours has", leaving
// out the server's words, and so blamed a server bug to retry.
func TestErrorWithANullIDIsQuotedForTheRequest(t *testing.T) {
	srv := mcptest.UnreadableRequest(t, "tools/list", "request too large")
	s, _ := connect(t, Config{URL: srv.URL, RequestTimeout: 20 * time.Second, NoGetStream: true})
	_, _, err := s.ListTools(testCtx(t), false)
	if err == nil || !strings.Contains(err.Error(), "id null") || !strings.Contains(err.Error(), "-32600: request too large") {
		t.Errorf("tools/list answered by an error with id null = %v, want the server's error quoted", err)
	}
}

// An id-null answer whose "error" is null reads as the answer with a null
// error it is, as it does when it carries the request's id. It used to be
// quoted as "JSON-RPC error 0: ", an error with no words, as if the server
// had sent a code 0 with an empty message.
func TestNullErrorWithANullIDIsSaidToBeNull(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":null,"error":null}`)
	})
	s, _ := connect(t, Config{URL: srv.URL, RequestTimeout: 20 * time.Second, NoGetStream: true})
	_, _, err := s.ListTools(testCtx(t), false)
	if err == nil || !strings.Contains(err.Error(), "id null") || !strings.Contains(err.Error(), `its "error" is null`) || strings.Contains(err.Error(), "error 0:") {
		t.Errorf("tools/list answered by an error null with id null = %v, want it said that the error is null", err)
	}
}

// A long id-null error is cut once, and the length it tells is that of
// the server's message: it used to be cut as an error's text and then
// again, telling the length of mcpscope's own text quoting it.
func TestLongErrorWithANullIDTellsTheServersLength(t *testing.T) {
	srv := mcptest.UnreadableRequest(t, "tools/list", strings.Repeat("too large ", 500))
	s, _ := connect(t, Config{URL: srv.URL, RequestTimeout: 20 * time.Second, NoGetStream: true})
	_, _, err := s.ListTools(testCtx(t), false)
	if err == nil || !strings.Contains(err.Error(), "-32600: too large") || !strings.Contains(err.Error(), "… (5000 bytes)") || strings.Count(err.Error(), "bytes)") != 1 {
		t.Errorf("tools/list answered by a 5000-byte error with id null = %v, want it cut once, telling the message's 5000 bytes", err)
	}
}
