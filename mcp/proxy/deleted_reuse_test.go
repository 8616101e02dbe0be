package proxy

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client that ended its session with DELETE and then posts in it again
// gets a new recording that says which session it was and that the client
// ended it: it read "began before the proxy saw it" and, once upstream
// answered 404, "it was never open through this proxy", of a session the
// proxy had recorded from its initialize to its DELETE.
func TestSessionReusedAfterDeleteSaysWhichItWas(t *testing.T) {
	base, sid, w := demoOpen(t)
	readAll(t, rawDo(t, http.MethodDelete, base+"/mcp", "", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25").Body)
	w.record(t, 1, "the session closed", inState(mcp.StateClosed, ""))
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25").Body)
	closed := w.record(t, 2, "the second recording closed", inState(mcp.StateClosed, ""))
	if d := closed.State.Detail; strings.Contains(d, "never open") || !strings.Contains(d, "client session 1") || !strings.Contains(d, "DELETE") {
		t.Errorf("the second recording ends %q, want it to say client session 1 ended the session with DELETE", d)
	}
	detect := w.record(t, 2, "how the second recording began", func(r mcp.Record) bool { return r.Kind == mcp.KindDetect })
	if why := detect.Detect.Reason; strings.Contains(why, "began before") || !strings.Contains(why, "client session 1") || !strings.Contains(why, "DELETE") {
		t.Errorf("the second recording begins %q, want it to say the client ended the session with DELETE in client session 1", why)
	}
}
