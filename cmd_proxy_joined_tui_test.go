package main

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/ui"
)

// The TUI's entry for a session begun before the proxy ran is told it is
// open, and that its initialize is not in this recording: it stayed
// "connecting" for as long as it lasted.
func TestProxyTUIIsToldASessionBegunBeforeIt(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	sid := initializeVia(t, gw.URL, "kept-client")
	p := tuiProxy(t, gw.URL, proxyFlags{listen: "127.0.0.1:0", noRecord: true})
	if resp := postVia(t, p.base, sid, "kept-client", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); resp.StatusCode != http.StatusOK {
		t.Fatalf("tools/list in the kept session: %s", resp.Status)
	}
	deadline := time.After(10 * time.Second)
	var got ui.Client
	select {
	case got = <-p.sessions.show():
	case <-deadline:
		t.Fatal("the TUI was told of no session")
	}
	want := "session " + sid + ", begun before this proxy saw it: its initialize is not in this recording"
	for {
		select {
		case batch, ok := <-got.Records:
			if !ok {
				t.Fatalf("the session's records ended without its open line %q", want)
			}
			for _, r := range batch {
				if r.State != nil && r.State.State == mcp.StateOpen && strings.Contains(r.State.Detail, want) {
					return
				}
			}
		case <-deadline:
			t.Fatalf("the TUI's entry was not told the session is open, saying %q", want)
		}
	}
}
