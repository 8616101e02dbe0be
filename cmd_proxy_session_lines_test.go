package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client that initialized before the proxy ran (the proxy restarted,
// the client kept its session) goes on through it with its session id:
// the headless lines and the recording say once what the session is, where
// it stayed unopened for as long as it lasted.
func TestProxyHeadlessSaysASessionBegunBeforeIt(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	sid := initializeVia(t, gw.URL, "kept-client")
	h := startHeadless(t, gw.URL, proxyFlags{})
	for range 2 {
		if resp := postVia(t, h.run.base, sid, "kept-client", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); resp.StatusCode != http.StatusOK {
			t.Fatalf("tools/list in the kept session: %s", resp.Status)
		}
	}
	h.stop()
	want := "session " + sid + ", begun before this proxy saw it: its initialize is not in this recording"
	if n := strings.Count(h.errw.String(), want); n != 1 {
		t.Errorf("the lines say %d times %q, want once:\n%s", n, want, h.errw.String())
	}
	n := 0
	for _, r := range readRecording(t, onlyRecording(t, h.dir)) {
		if r.State != nil && r.State.State == mcp.StateOpen && strings.Contains(r.State.Detail, want) {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the recording says the session is open %d times, want once, saying %q", n, want)
	}
}

// A client that initializes again within its session is told of in a line
// saying so and what upstream answered (the Go SDK's server refuses a
// duplicate initialize); it opened and ended nothing, and said nothing of
// itself.
func TestProxyHeadlessSaysAReinitialize(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	sid := initializeVia(t, h.run.base, "again-client")
	again := `{"jsonrpc":"2.0","id":5,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"again-client","version":"1"}}}`
	if resp := postVia(t, h.run.base, sid, "again-client", again); resp.StatusCode != http.StatusOK {
		t.Fatalf("the second initialize: %s", resp.Status)
	}
	h.stop()
	if want := "the client initialized again within session " + sid + ": upstream refused it"; !strings.Contains(h.errw.String(), want) {
		t.Errorf("the lines lack %q:\n%s", want, h.errw.String())
	}
}
