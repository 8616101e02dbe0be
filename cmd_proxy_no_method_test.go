package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A request with an empty method (or one of only spaces) was printed
// "→ id=4" where the TUI's row says "(no method)": the line now says it in
// the same words.
func TestProxyHeadlessSaysARequestHasNoMethod(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	url := h.run.base + "/mcp"
	_, sid := clientPost(t, url, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"blank","version":"1"}}}`)
	// Upstream refuses both (400): what matters is the line for each.
	clientPost(t, url, sid, `{"jsonrpc":"2.0","id":4,"method":""}`)
	clientPost(t, url, sid, `{"jsonrpc":"2.0","id":5,"method":"   "}`)
	h.stop()

	out := h.errw.String()
	for _, want := range []string{"→ (no method) id=4", "→ (no method) id=5"} {
		if !strings.Contains(out, want) {
			t.Errorf("stderr lacks %q:\n%.3000s", want, out)
		}
	}
}
