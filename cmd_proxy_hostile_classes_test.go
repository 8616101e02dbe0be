package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Upstream's hostile answers each get a line in exec's words: an
// initialize result whose protocolVersion is no string, an answer with id
// null, a result of null, progress past its total, and an answer after a
// cancellation naming the request. The headless proxy said "ok", drew the
// bar clamped, or called the null id an id the client never sent.
func TestProxyHeadlessSaysUpstreamsHostileAnswersInExecsWords(t *testing.T) {
	event := func(raw string) string { return "data: " + raw + "\n\n" }
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, Handle: func(x *mcptest.Exchange) {
		id := string(x.ID)
		answer := func(result string) string { return `{"jsonrpc":"2.0","id":` + id + `,"result":` + result + `}` }
		switch x.Method {
		case "initialize":
			x.JSON()
			x.Reply(answer(`{"protocolVersion":20251125,"capabilities":{},"serverInfo":{"name":"s"}}`))
		case "tools/list":
			x.Status(http.StatusOK, "text/event-stream", event(`{"jsonrpc":"2.0","id":null,"result":{}}`)+event(answer(`{"tools":[]}`)))
		case "prompts/list":
			x.JSON()
			x.Reply(answer("null"))
		case "resources/list":
			progress := func(n int) string {
				return event(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":` + string(rune('0'+n)) + `,"total":2}}`)
			}
			x.Status(http.StatusOK, "text/event-stream", progress(3)+progress(4)+event(answer(`{"resources":[]}`)))
		case "tools/call":
			x.Status(http.StatusOK, "text/event-stream", event(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":`+id+`,"reason":"no"}}`)+event(answer(`{"content":[]}`)))
		default:
			x.Default()
		}
	}})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	base := h.run.base + "/mcp"
	_, sid := clientPost(t, base, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	for _, b := range []string{
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"prompts/list"}`,
		`{"jsonrpc":"2.0","id":4,"method":"resources/list","params":{"_meta":{"progressToken":"t"}}}`,
		`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo"}}`,
	} {
		clientPost(t, base, sid, b)
	}
	h.stop()
	lines := h.errw.String()
	for _, want := range []string{
		`! the initialize result's protocolVersion is an integer (20251125), not a string: it names no version`,
		`← answer with id null, which no request of the client's has: ` + nullIDAnswer,
		`— ` + history.NullResult("tools/call", []byte("null")),
		`! the server's progress for request "t": progress 3 past its total 2 (said once per request)`,
		`← the server said it cancelled request 5, a request sent to it (tools/call echo): no`,
		`! the server answered request 5 anyway, after saying it cancelled it`,
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("the lines lack %q:\n%s", want, lines)
		}
	}
	if n := strings.Count(lines, "the server's progress for request"); n != 1 {
		t.Errorf("the progress problem was said %d times, want once per request:\n%s", n, lines)
	}
}
