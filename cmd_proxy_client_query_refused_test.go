package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A proxied client's refreshed key in the query of a request the proxy
// refuses before relaying it (its body broke off): the refusal recorded in
// the session quotes the request's URI, and no HTTP exchange of it was
// recorded first to learn the key from. The key is not in the recording
// or on stderr there either.
func TestProxyMasksClientsQueryCredentialInRefusal(t *testing.T) {
	const first, refreshed = "CLIENTKEY-first-6655", "CLIENTKEY-refused-8877"
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	addr := strings.TrimPrefix(h.run.base, "http://")
	_, sid := clientPost(t, h.run.base+"/mcp?api_key="+first, "",
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"keyed","version":"1"}}}`)
	resp, _ := rawRequest(t, addr, fmt.Sprintf("POST /mcp?api_key=%s HTTP/1.1\r\nHost: %s\r\nUser-Agent: Go-http-client/1.1\r\nMcp-Session-Id: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"jsonrpc\"", refreshed, addr, sid), true)
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("a body broken off got %s, want 400", resp.Status)
	}
	h.stop()

	out := h.errw.String()
	recorded := recordingsText(t, h.dir)
	if !strings.Contains(recorded, "was refused with 400") {
		t.Fatalf("the recording does not hold the refusal:\n%s", recorded)
	}
	for _, key := range []string{first, refreshed} {
		if strings.Contains(out, key) {
			t.Errorf("stderr shows the client's key %s:\n%s", key, out)
		}
		if strings.Contains(recorded, key) {
			t.Errorf("the recording holds the client's key %s:\n%s", key, recorded)
		}
	}
}
