package proxy

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request upstream answers 202 with no body, where no stream could
// carry its answer (upstream refused the client's GET with 405, or the
// session is a stateless 2026 one), is relayed as it came and fails in
// the record at once in exec's words: it waited there for ever, and the
// headless line never said it went unanswered.
func TestRequestAcceptedWhereNoStreamCanAnswerFails(t *testing.T) {
	t.Run("no GET stream", func(t *testing.T) {
		fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true, GET: mcptest.GETNone, Handle: acceptToolsList})
		_, base, w := startProxy(t, fake.URL, Config{})
		session := rawSession(t, base, "2025-11-25")
		get := rawDo(t, http.MethodGet, base+"/mcp", "", append(session, "Accept", "text/event-stream")...)
		readAll(t, get.Body)
		if get.StatusCode != http.StatusMethodNotAllowed {
			t.Fatalf("the client's GET got %s, want upstream's 405", get.Status)
		}
		assertAcceptedFails(t, w, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, session...),
			"with no answer in its body, and no stream is open that could carry one (this server offers no GET stream (405))")
	})
	t.Run(mcp.TransportStateless, func(t *testing.T) {
		fake := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: acceptToolsList})
		_, base, w := startProxy(t, fake.URL, Config{})
		assertAcceptedFails(t, w, rawPost(t, base+"/mcp", request2026("2", "tools/list", "", "raw"), headers2026("tools/list")...),
			"with no answer in its body, and no stream is open that could carry one: ")
	})
}

// assertAcceptedFails checks the client got upstream's 202 and its
// request failed in the record, saying want.
func assertAcceptedFails(t *testing.T, w *watched, resp *http.Response, want string) {
	t.Helper()
	if body := readAll(t, resp.Body); resp.StatusCode != http.StatusAccepted || body != "" {
		t.Fatalf("the client got %s %q, want upstream's empty 202", resp.Status, body)
	}
	c := w.clientWith(t, "the tools/list sent", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "tools/list"
	})
	w.record(t, c.ID, "the tools/list failed, saying why", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.ReqSeq != 0 && r.Error.Cause == mcp.CauseNoResponse && strings.Contains(r.Error.Message, want)
	})
}
