package main

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/ui"
)

// A request the proxy refuses in no session (here a page's Origin, 403)
// reaches the TUI where new clients do, as a notice for its status bar;
// a burst of them within a second is one notice, as headless prints one
// line. The TUI said nothing of them while it ran, only the count after.
func TestProxyTUIHearsOfRefusalsOutsideSessions(t *testing.T) {
	run := tuiProxy(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{listen: "127.0.0.1:0", noRecord: true})
	for range 5 {
		req, err := http.NewRequest("GET", run.base+"/sse", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Origin", "null")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("a page's Origin null: %d, want 403", resp.StatusCode)
		}
	}
	var got ui.Client
	select {
	case got = <-run.sessions.show():
	case <-time.After(10 * time.Second):
		t.Fatal("the TUI was told nothing of the refused requests")
	}
	if !strings.Contains(got.Notice, "refused GET /sse: its Origin is not local (403)") || got.Records != nil {
		t.Errorf("the TUI got %+v, want a notice of the refused GET /sse with 403", got)
	}
	select {
	case more := <-run.sessions.show():
		t.Errorf("5 refusals within a second made a second notice: %q", more.Notice)
	default:
	}
}
