package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A request's own headless line names its method and id cut as every line
// cuts a name (mcp.NameShown), as the note beside it does: a 180-byte
// method and id were shown whole.
func TestHeadlessLineCutsALongMethodAndIdAtNameLimit(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"long","version":"1"}}}`
	status, sid := clientPost(t, h.run.base+"/mcp", "", initialize)
	if status != http.StatusOK {
		t.Fatalf("initialize through the proxy: %d", status)
	}
	method := "x/" + strings.Repeat("m", 178)
	id := strings.Repeat("i", 180)
	clientPost(t, h.run.base+"/mcp", sid, `{"jsonrpc":"2.0","id":"`+id+`","method":"`+method+`"}`)
	h.stop()
	out := h.errw.String()
	want := "→ " + method[:mcp.NameLimit] + "… (180 bytes) id=" + `"` + id[:mcp.NameLimit-1] + "… (182 bytes)"
	if !strings.Contains(out, want) || strings.Contains(out, method) {
		t.Errorf("the request's line does not say %q:\n%s", want, out)
	}
}
