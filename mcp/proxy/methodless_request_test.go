package proxy

import (
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request whose method is "", null or a number still has a method member
// and an id: the recording shows it as a request waiting for its answer
// (the Observer's reading), so the proxy must wait on it too. It did not:
// upstream's empty 202 to it, where no stream could carry an answer, left
// its row pending for ever, and the headless line of a failed POST of it
// named no request.
func TestRequestWithEmptyMethodIsWaitedOnAsTheRecordShowsIt(t *testing.T) {
	for _, method := range []string{`""`, `null`, `7`} {
		t.Run(method, func(t *testing.T) {
			accept := func(x *mcptest.Exchange) {
				if x.Method == "" {
					x.Accept()
					return
				}
				x.Default()
			}
			fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true, GET: mcptest.GETNone, Handle: accept})
			_, base, w := startProxy(t, fake.URL, Config{})
			session := rawSession(t, base, "2025-11-25")
			get := rawDo(t, http.MethodGet, base+"/mcp", "", append(session, "Accept", "text/event-stream")...)
			readAll(t, get.Body)
			resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":`+method+`}`, session...)
			if body := readAll(t, resp.Body); resp.StatusCode != http.StatusAccepted || body != "" {
				t.Fatalf("the client got %s %q, want upstream's empty 202", resp.Status, body)
			}
			c := w.clientWith(t, "the request sent", func(r mcp.Record) bool {
				return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Class == mcp.ClassRequest && r.RPC.ID == "2"
			})
			w.record(t, c.ID, "the request failed, as no stream can carry its answer", func(r mcp.Record) bool {
				return r.Error != nil && r.Error.ReqSeq != 0 && r.Error.Cause == mcp.CauseNoResponse
			})
		})
	}
}
