package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A streamable server that names no Mcp-Session-Id keeps no session: the
// headless lines say so once it answered the initialize with its result
// (as JSON or in an event), and before the client's next message. A 200
// whose body is a JSON-RPC error, or a stream that ends without the
// answer, opened nothing: "· open without a session" was said for those
// too, the moment the status came. Each failure has its line (says): a
// 200 text/html had none, and the request waited for ever.
func TestProxyHeadlessSessionlessOpenOnlyOnAResult(t *testing.T) {
	const open = "· open without a session: upstream sent no Mcp-Session-Id, so it keeps none"
	for _, c := range []struct {
		name   string
		handle func(x *mcptest.Exchange)
		opened bool
		says   string
	}{
		{"result as JSON", func(x *mcptest.Exchange) { x.JSON(); x.Default() }, true, "← initialize id=1 ok"},
		{"result in an event", func(x *mcptest.Exchange) { x.SSE(); x.Default() }, true, "← initialize id=1 ok"},
		{"JSON-RPC error", func(x *mcptest.Exchange) { x.JSON(); x.Error(-32603, "cannot start") }, false, "← initialize id=1 error"},
		{"stream without the answer", func(x *mcptest.Exchange) { x.Status(http.StatusOK, "text/event-stream", "") }, false,
			"! stream initialize id=1: the response stream ended without the answer"},
		{"a page", func(x *mcptest.Exchange) { x.Status(http.StatusOK, "text/html", "<html>hi</html>") }, false,
			`! post initialize id=1: POST %s answered 200 OK with Content-Type "text/html", neither JSON nor an event stream: it holds no answer (relayed`},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{NoSessionID: true, GET: mcptest.GETNone,
				Handle: mcptest.HandleMethod("initialize", c.handle)})
			h := startHeadless(t, srv.Endpoint(), proxyFlags{})
			clientPost(t, h.run.base+"/mcp", "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
			clientPost(t, h.run.base+"/mcp", "", `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			h.stop()
			lines := h.errw.String()
			said, next := strings.Index(lines, open), strings.Index(lines, "→ notifications/initialized")
			switch {
			case next < 0:
				t.Fatalf("the client's notifications/initialized has no line:\n%s", lines)
			case c.opened && (said < 0 || said > next):
				t.Errorf("want %q before the client's next message:\n%s", open, lines)
			case !c.opened && said >= 0:
				t.Errorf("upstream gave no result, yet the lines say %q:\n%s", open, lines)
			}
			if says := strings.ReplaceAll(c.says, "%s", srv.Endpoint()); !strings.Contains(lines, says) {
				t.Errorf("the lines lack %q:\n%s", says, lines)
			}
		})
	}
}
