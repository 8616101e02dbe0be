package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client may use a progressToken again once its request is answered
// (the specification asks it unique among active requests only): the new
// request's progress starts afresh. The headless proxy read it against
// the old request's last, and said upstream's progress went back.
func TestProxyHeadlessReadsAReusedProgressTokenAfresh(t *testing.T) {
	event := func(raw string) string { return "data: " + raw + "\n\n" }
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, Handle: func(x *mcptest.Exchange) {
		if x.Method != "resources/list" {
			x.Default()
			return
		}
		progress := func(n string) string {
			return event(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":` + n + `,"total":2}}`)
		}
		x.Status(200, "text/event-stream", progress("1")+progress("2")+event(`{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"resources":[]}}`))
	}})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	base := h.run.base + "/mcp"
	_, sid := clientPost(t, base, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	for _, b := range []string{
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"resources/list","params":{"_meta":{"progressToken":"t"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"resources/list","params":{"_meta":{"progressToken":"t"}}}`,
	} {
		clientPost(t, base, sid, b)
	}
	h.stop()
	lines := h.errw.String()
	if n := strings.Count(lines, "resources/list"); n < 2 {
		t.Fatalf("the lines name %d resources/list, want both requests:\n%s", n, lines)
	}
	if strings.Contains(lines, "the server's progress for request") {
		t.Errorf("progress that rose to its total in each request was said to break its rules:\n%s", lines)
	}
}
