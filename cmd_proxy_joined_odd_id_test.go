package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A client that goes on in a session the proxy never saw begin, with an
// Mcp-Session-Id that is not visible ASCII: the id is the client's, and no
// initialize answer went through the proxy, but the line said "the
// initialize answer's Mcp-Session-Id … is not only visible ASCII", blaming
// an answer that was never seen. It now says whose id it is.
func TestProxyHeadlessSaysAJoinedSessionsOddIDIsTheClients(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}`))
	}))
	t.Cleanup(up.Close)
	h := startHeadless(t, up.URL, proxyFlags{})
	if status, _ := clientPost(t, h.run.base+"/mcp", "ab\u00e9cd", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); status != http.StatusOK {
		t.Fatalf("the client got %d, want upstream's 200", status)
	}
	h.waitFor("← tools/list id=2")
	h.stop()
	var line string
	for _, l := range strings.Split(h.errw.String(), "\n") {
		if strings.Contains(l, "visible ASCII") {
			line = l
		}
	}
	if strings.Contains(line, "initialize answer") || !strings.Contains(line, "the client's Mcp-Session-Id") {
		t.Errorf("the line on the odd session id is %q, want it to name the id as the client's, not an initialize answer's\n%s", line, h.errw.String())
	}
}
