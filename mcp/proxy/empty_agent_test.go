package proxy

import (
	"bufio"
	"fmt"
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client that sends an empty User-Agent line: upstream gets no
// User-Agent at all (net/http writes none for an empty value), and the
// upstream leg's record says so rather than holding an empty one.
func TestEmptyUserAgentRecordedAsSent(t *testing.T) {
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	_, base, w := startProxy(t, fake.URL, Config{})
	conn := rawConn(t, base)
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bare","version":"1"}}}`
	fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: \r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer through the proxy: %v", err)
	}
	resp.Body.Close()
	reqs := fake.Requests()
	if len(reqs) == 0 {
		t.Fatal("nothing reached upstream")
	}
	if v, sent := reqs[0].Header["User-Agent"]; sent {
		t.Errorf("upstream got User-Agent %q, want none", v)
	}
	c := w.sessions()[0]
	up := w.record(t, c.ID, "the upstream POST on record", func(r mcp.Record) bool {
		return r.Kind == mcp.KindHTTP && r.HTTP.Purpose == mcp.PurposePost && r.HTTP.Status != 0
	})
	if v, ok := up.HTTP.RequestHeaders["User-Agent"]; ok {
		t.Errorf("the upstream POST is recorded with User-Agent %q, but none was sent", v)
	}
}
