package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// proxy --headless says in a line that a relayed request went out to
// upstream twice, naming it.
func TestProxyHeadlessSaysAPostWasSentAgain(t *testing.T) {
	upstream, _ := mcptest.RawClosesOnce(t, `"id":77`)
	h := startHeadless(t, upstream+"/mcp", proxyFlags{})
	if resp := postVia(t, h.run.base, "", "resent-client", initializeAs("resent-client")); resp.StatusCode != http.StatusOK {
		t.Fatalf("initialize through the proxy: %s", resp.Status)
	}
	if resp := postVia(t, h.run.base, "", "resent-client", `{"jsonrpc":"2.0","id":77,"method":"tools/list"}`); resp.StatusCode != http.StatusOK {
		t.Fatalf("tools/list through the proxy: %s", resp.Status)
	}
	h.stop()
	want := "the POST of tools/list id=77 to upstream was sent again on a new connection"
	if !strings.Contains(h.errw.String(), want) {
		t.Errorf("the lines lack %q:\n%s", want, h.errw.String())
	}
}
