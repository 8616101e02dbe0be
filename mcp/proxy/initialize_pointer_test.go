package proxy

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A session whose id passed from client to client, each recorded apart,
// points the next to come back at the recording that has its initialize:
// it named the last recording to use the id, one that met the session
// mid-way and says itself that its initialize is not there.
func TestSessionPassedOnPointsAtItsInitialize(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{MaxSessions: 1})
	sid := rawInitialize(t, base)
	w.record(t, 1, "the session open", inState(mcp.StateOpen, "session "+sid))
	// The cap refuses a new session with 503 while the one it would end
	// still finishes relaying its last answer: each is asked again, a
	// bounded number of times.
	admitted := func(what string, do func() *http.Response) {
		for range 200 {
			resp := do()
			readAll(t, resp.Body)
			if resp.StatusCode != http.StatusServiceUnavailable {
				return
			}
		}
		t.Fatalf("%s: refused with 503 200 times", what)
	}
	post := func(agent string) {
		admitted(agent, func() *http.Response {
			return rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
				"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid,
				"MCP-Protocol-Version", "2025-11-25", "User-Agent", agent)
		})
	}
	post("second/1")
	w.record(t, 2, "the second client's session open", inState(mcp.StateOpen, ""))
	// A fresh session, within the cap of one, ends the second's recording.
	admitted("a fresh initialize", func() *http.Response {
		return rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"fresh","version":"1"}}}`,
			"Accept", "application/json, text/event-stream")
	})
	w.record(t, 3, "the fresh session open", inState(mcp.StateOpen, ""))
	post("third/1")
	opened := w.record(t, 4, "the third client's session open", inState(mcp.StateOpen, ""))
	if d := opened.State.Detail; !strings.Contains(d, "initialize is in the recording of client session 1,") {
		t.Errorf("the third client's session opens %q, want it to name client session 1, whose recording has the initialize", d)
	}
}
