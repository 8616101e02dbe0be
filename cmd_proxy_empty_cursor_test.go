package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// On 2026-07-28 an empty nextCursor names a page. The headless proxy
// read it as the listing's end, as before 2026, and the page it names as
// a new listing: the first page's tools were forgotten, and their answers
// went unchecked against their outputSchema (exec and the TUI said one
// broke it, the proxy "ok").
func TestProxyHeadlessKeepsToolsOfAPageBeforeAnEmptyCursor(t *testing.T) {
	page := mcptest.PagedOnEmptyCursor("tools", `{"name":"report","inputSchema":{"type":"object"},"outputSchema":`+reportSchema+`}`,
		`{"name":"second","inputSchema":{"type":"object"}}`)
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tools/list":
			page(x)
		case "tools/call":
			x.Result(json.RawMessage(`{"resultType":"complete","content":[{"type":"text","text":"three"}],"structuredContent":{"count":"three"}}`))
		default:
			x.Default()
		}
	}})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	if out, errOut, code := run(t, "exec", "--no-record", "--transport", "stateless", h.run.base+"/mcp", "tools/list --all", "tools/call report"); code != exitOK {
		t.Fatalf("exec through the proxy: exit %d\n%s\n%s", code, out, errOut)
	}
	h.stop()
	if out := h.errw.String(); !strings.Contains(out, "structuredContent breaks the outputSchema") {
		t.Errorf("no line says the answer breaks the outputSchema of the tool on the first page:\n%.3000s", out)
	}
}
