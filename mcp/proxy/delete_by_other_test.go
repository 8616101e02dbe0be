package proxy

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A session that another client ended with DELETE, used again by the
// client that began it, begins a recording saying the DELETE was that
// other client's, and whose, not "which the client ended with DELETE", as
// if the client using it had sent it. So too when the DELETE names no
// User-Agent (the proxy records it apart, as another client's): one naming
// none matched any client, and the editor read the DELETE as its own.
func TestSessionDeletedByAnotherClientSaysWhose(t *testing.T) {
	for _, tc := range []struct{ agent, want string }{
		{"sweeper/3", "which another client (sweeper 3, from 127.0.0.1:"},
		{"", "which another client (127.0.0.1, from 127.0.0.1:"},
	} {
		t.Run("User-Agent "+strconv.Quote(tc.agent), func(t *testing.T) {
			if why := deletedBy(t, tc.agent); !strings.Contains(why, tc.want) {
				t.Errorf("the editor's new recording begins %q, want it to say %q", why, tc.want)
			}
		})
	}
}

// deletedBy is how the editor's next recording begins after a DELETE
// sending User-Agent agent ("" for none) ended its session.
func deletedBy(t *testing.T, agent string) string {
	t.Helper()
	srv := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, srv.URL, Config{})
	c := &crowd{t: t, base: base, w: w}
	sid, refused := c.initialize("editor", "User-Agent", "editor/1")
	if refused != nil {
		t.Fatalf("initialize through the proxy: %s", refused.Status)
	}
	editor := c.session("editor")
	del := rawDo(t, http.MethodDelete, base+"/mcp", "", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25", "User-Agent", agent)
	readAll(t, del.Body)
	if del.StatusCode/100 != 2 {
		t.Fatalf("DELETE from another client = %s, want upstream's 2xx", del.Status)
	}
	ping := func() {
		readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"ping"}`,
			"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25", "User-Agent", "editor/1").Body)
	}
	// The first ping finds the editor's session gone upstream and ends
	// it; the next begins a recording of its own.
	ping()
	c.w.until(t, "the editor's session to end", func() bool { return c.w.ended[editor.ID] })
	ping()
	var again *Client
	c.w.until(t, "a new session of the editor's", func() bool {
		for _, x := range c.w.clients {
			if x.ID > editor.ID && x.UserAgent == "editor/1" {
				again = x
				return true
			}
		}
		return false
	})
	detect := w.record(t, again.ID, "how the new recording began", func(r mcp.Record) bool { return r.Kind == mcp.KindDetect })
	return detect.Detect.Reason
}
