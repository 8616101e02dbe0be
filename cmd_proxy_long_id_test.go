package main

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client that sends a session id 200,000 bytes long (one the proxy never
// saw) has it relayed whole and recorded as its first mcp.HeaderLimit bytes
// with its size (request_headers_cut), and the proxy's own words about the session quote its start and its size: the
// session's expiry was a line of 200 KB.
func TestProxyHeadlessQuotesALongSessionIDShort(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	sid := strings.Repeat("s", 200_000)
	if status, _ := clientPost(t, h.run.base+"/mcp", sid, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`); status != http.StatusNotFound {
		t.Fatalf("a session the gateway never gave: %d %s, want its 404 relayed", status, http.StatusText(status))
	}
	h.stop()

	out := h.errw.String()
	if !strings.Contains(out, "to session sss") || !strings.Contains(out, "s… (200000 bytes): the session is gone") {
		t.Errorf("stderr does not say the session is gone, quoting the id's start and size:\n%.3000s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 1000 {
			t.Errorf("a line of %d bytes: %.300s…", len(line), line)
		}
	}
	files, _ := filepath.Glob(filepath.Join(h.dir, "*.jsonl"))
	whole := false
	for _, f := range files {
		for _, r := range readRecording(t, f) {
			if r.HTTP != nil && http.Header(r.HTTP.RequestHeaders).Get("Mcp-Session-Id") == sid[:mcp.HeaderLimit] && r.HTTP.RequestHeadersCut["Mcp-Session-Id"] == len(sid) {
				whole = true
			}
		}
	}
	if !whole {
		t.Error("no recorded request holds the start of the session id the client sent, with its size")
	}
}
