package proxy

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An upstream that takes the request and closes the connection without
// answering was reached: the client's 502 and the record say it closed
// the connection, in words, not "cannot reach the upstream ...: EOF",
// which sends the user to check a server that is running.
func TestUpstreamThatHangsUpIsNotUnreachable(t *testing.T) {
	upstream := mcptest.RawAnswer(t, "")
	_, base, w := startProxy(t, upstream, Config{})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"x","version":"1"}}}`)
	body := readAll(t, resp.Body)
	const want = "the server closed the connection without answering (EOF)"
	if resp.StatusCode != http.StatusBadGateway || !strings.Contains(body, want) || strings.Contains(body, "cannot reach") {
		t.Errorf("answer %s %q, want 502 saying %q", resp.Status, body, want)
	}
	c := w.sessions()[0]
	w.record(t, c.ID, "the failed request, in words", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Cause == mcp.CauseDropped && strings.Contains(r.Error.Message, want)
	})
}

// An upstream answer whose header line net/http refuses is said as a
// header that is not valid HTTP, in the client's 502 and the record, not in
// net/http's words "HTTP/1.x transport connection broken".
func TestUpstreamHeadersThatDoNotParseAreSaid(t *testing.T) {
	upstream := mcptest.RawAnswer(t, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: a\x01b\r\nContent-Length: 2\r\n\r\n{}")
	_, base, w := startProxy(t, upstream, Config{})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"x","version":"1"}}}`)
	body := readAll(t, resp.Body)
	const want = `the server sent a header that is not valid HTTP ("Mcp-Session-Id: a\x01b"): a bug in the server`
	if resp.StatusCode != http.StatusBadGateway || !strings.Contains(body, want) || strings.Contains(body, "net/http") {
		t.Errorf("answer %s %q, want 502 saying %q", resp.Status, body, want)
	}
	c := w.sessions()[0]
	w.record(t, c.ID, "the failed request, in words", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Cause == mcp.CauseBadHTTP && strings.Contains(r.Error.Message, want)
	})
}

// What the proxy keeps of each request whose answer stream the client
// dropped, or that waits for a GET stream, is let go once the request has
// ended: a long session whose client drops and resumes its streams (and
// never cancels) keeps no more of them than of the requests still waiting.
func TestEndedRequestsAreNotKeptForTheSession(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true})
	_, base, w := startProxy(t, up.URL, Config{})
	rawSession(t, base, "2025-11-25")
	c := w.clientWith(t, "the session open", func(r mcp.Record) bool { return r.Kind == mcp.KindSent })
	// No request waits at these Seqs: each ended, as an answer that came
	// on the resumed stream ends it.
	for seq := int64(1000); seq < 1200; seq++ {
		c.dropped(seq, "tools/call")
	}
	c.mu.Lock()
	kept := len(c.drops.m)
	c.mu.Unlock()
	if kept > 64 {
		t.Errorf("the proxy keeps %d dropped streams of requests that ended, want at most 64", kept)
	}
}
