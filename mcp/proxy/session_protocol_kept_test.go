package proxy

import (
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// A 2026 request sent with the Mcp-Session-Id of a 2025 session re-labelled
// the session: every state recorded after it named 2026-07-28 as the
// session's protocol, and the recording read as a 2026 session. The
// request is relayed and recorded in the session as the client sent it;
// the session keeps the version it negotiated, and the session's log says
// the request contradicted it, once.
func TestSessionKeepsItsProtocolAfterA2026Request(t *testing.T) {
	base, sid, w := demoOpen(t)
	// This client reads only the initialize's headers, which go out before
	// the answer is logged (its body's end waits for that): its next
	// messages could be logged first, and the answer's records and the
	// open state after the 2026 request then read as the session beginning
	// again, which forgets what the request contradicted. A client goes on
	// once it has the answer (TestRecordsKeepTheWiresOrder); so does this
	// one, once the session is open (demoOpen).
	rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25")
	w.record(t, 1, "the session initialized", func(r mcp.Record) bool {
		return r.Kind == mcp.KindState && r.State.State == mcp.StateInitialized
	})
	rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`,
		headers2026("tools/list", "Mcp-Session-Id", sid)...)
	w.record(t, 1, "the 2026 request, relayed in the session as sent", func(r mcp.Record) bool {
		return r.Kind == mcp.KindHTTP && r.HTTP.Purpose == mcp.PurposeRelay && r.HTTP.ReqSeq != 0 &&
			http.Header(r.HTTP.RequestHeaders).Get("MCP-Protocol-Version") == "2026-07-28"
	})
	rawDo(t, http.MethodDelete, base+"/mcp", "", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25")
	w.record(t, 1, "the session closed", func(r mcp.Record) bool {
		return r.Kind == mcp.KindState && r.State.State == mcp.StateClosed
	})
	for _, r := range w.records(1) {
		if r.Kind == mcp.KindState && r.State.Protocol != "" && r.State.Protocol != "2025-11-25" {
			t.Errorf("state %s names protocol %q, want the session's 2025-11-25", r.State.State, r.State.Protocol)
		}
	}
	l := history.NewLog()
	recs := w.records(1)
	l.Append(recs...)
	if n, s := l.Negotiation(), l.Stats(); n.ProtocolVersion != "2025-11-25" || s.Protocol != "2025-11-25" {
		t.Errorf("the log names protocol %q (pane) %q (status bar), want 2025-11-25", n.ProtocolVersion, s.Protocol)
	}
	said := 0
	for _, p := range l.Negotiation().Problems {
		if p.Fact != nil && p.Fact.Cause == mcp.CauseVersionSent && p.Level == history.LevelWarning {
			said++
		}
	}
	if said != 1 {
		t.Errorf("%d warnings of cause %q, want 1: %+v", said, mcp.CauseVersionSent, l.Negotiation().Problems)
	}
	if got := len(w.sessions()); got != 1 {
		t.Errorf("%d sessions, want the one the session id names", got)
	}
}
