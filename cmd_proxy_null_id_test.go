package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An upstream that cannot read a client's request answers, as JSON-RPC
// says, an error with id null. The headless line said "answer to an id the
// client never sent id=null", as if it answered some other client's
// request; it now says what such an error is.
func TestProxyHeadlessSaysWhatAnErrorWithANullIDIs(t *testing.T) {
	up := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"request too large"}}`)
	})
	h := startHeadless(t, up.URL, proxyFlags{})
	sid := ""
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/list"}`,
	} {
		status, session := clientPost(t, h.run.base+"/mcp", sid, body)
		if status/100 != 2 {
			t.Fatalf("POST %.60s: %d %s, want upstream's answer relayed", body, status, http.StatusText(status))
		}
		if sid == "" {
			sid = session
		}
	}
	h.stop()
	out := h.errw.String()
	if strings.Contains(out, "never sent id=null") {
		t.Errorf("stderr says the error with id null answers an id the client never sent:\n%.3000s", out)
	}
	if !strings.Contains(out, "← error with id null: upstream could not read a request, or tell its id") {
		t.Errorf("stderr does not say what the error with id null is:\n%.3000s", out)
	}
}
