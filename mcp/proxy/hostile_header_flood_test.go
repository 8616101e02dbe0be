package proxy

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An upstream that answers with headers that never end (endless 103 Early
// Hints) was reached: the client's 502 says what upstream sent, not that
// the proxy cannot reach it, and the record's cause is bad-http.
func TestUpstreamHeadersThatNeverEnd(t *testing.T) {
	flood := strings.Repeat("HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n", (11<<20)/60)
	_, base, w := startProxy(t, mcptest.RawAnswer(t, flood), Config{})
	resp := rawDoWithin(t, bulkTimeout, http.MethodPost, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"x","version":"1"}}}`)
	body := readAll(t, resp.Body)
	if resp.StatusCode != http.StatusBadGateway || strings.Contains(body, "cannot reach") || !strings.Contains(body, "more than 10485760 bytes of headers") {
		t.Errorf("answer %s %q, want 502 saying upstream sent more than 10485760 bytes of headers", resp.Status, body)
	}
	c := w.sessions()[0]
	w.record(t, c.ID, "the failed request, bad-http", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Cause == mcp.CauseBadHTTP && r.Error.ReqSeq != 0
	})
}
