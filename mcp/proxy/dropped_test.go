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
