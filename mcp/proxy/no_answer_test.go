package proxy

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request upstream answers with a success that carries nothing (204, or
// 200 JSON with an empty body) is relayed as it came, and fails in the
// record as a session's own request does: it used to wait there for an
// answer that cannot come, with no line saying why.
func TestRequestAnsweredWithNothingFails(t *testing.T) {
	for _, tc := range []struct {
		status int
		ct     string
		want   string
	}{
		{http.StatusNoContent, "", "answered 204 No Content to a request:"},
		{http.StatusOK, "application/json", "answered 200 OK with an empty body to a request:"},
	} {
		fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true, Handle: mcptest.AnswerWith("tools/list", tc.status, tc.ct, "")})
		_, base, w := startProxy(t, fake.URL, Config{})
		session := rawSession(t, base, "2025-06-18")
		resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, session...)
		readAll(t, resp.Body)
		if resp.StatusCode != tc.status {
			t.Errorf("%d: the client got %s, want upstream's answer as it came", tc.status, resp.Status)
		}
		c := w.sessions()[0]
		w.record(t, c.ID, "the request failed, saying why", func(r mcp.Record) bool {
			return r.Error != nil && r.Error.ReqSeq != 0 && r.Error.Cause == mcp.CauseNoResponse && strings.Contains(r.Error.Message, tc.want)
		})
	}
}
