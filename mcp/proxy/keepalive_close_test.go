package proxy

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An upstream that closes its connection after every answer, without a
// Connection: close header saying so, is legal HTTP/1.1: a message the
// proxy relays on the connection it kept is sent again on a new one, so a
// client sending one after another gets every answer, never a 502 the
// proxy's own connection reuse caused.
func TestUpstreamClosingEveryConnectionUnannounced(t *testing.T) {
	upstream := mcptest.RawAnswersThenClose(t, func(req *http.Request, body []byte) (string, bool) {
		answer := `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{}}`
		if strings.Contains(string(body), `"initialize"`) {
			answer = `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"x","version":"1"}}}`
		}
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, true
	})
	_, base, _ := startProxy(t, upstream, Config{})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"x","version":"1"}}}`)
	readAll(t, resp.Body)
	for i := 2; i <= 50; i++ {
		resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":`+strconv.Itoa(i)+`,"method":"tools/list"}`)
		body := readAll(t, resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("tools/list %d of 50 answered %s %q, want 200", i-1, resp.Status, body)
		}
	}
}

// A relayed POST upstream read on the kept-alive connection and then hung
// up on without answering is sent again on a new connection: the wire to
// upstream carried it twice, and the upstream leg's record says so.
func TestUpstreamResentPostIsRecorded(t *testing.T) {
	upstream, _ := mcptest.RawClosesOnce(t, `"id":2`)
	_, base, w := startProxy(t, upstream, Config{})
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"x","version":"1"}}}`).Body)
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	if body := readAll(t, resp.Body); resp.StatusCode != http.StatusOK {
		t.Fatalf("tools/list answered %s %q, want 200 from the resend", resp.Status, body)
	}
	sent := w.record(t, 1, "tools/list sent", func(r mcp.Record) bool { return r.Kind == mcp.KindSent && r.RPC.Method == "tools/list" })
	up := w.record(t, 1, "the upstream POST of tools/list", func(r mcp.Record) bool {
		return r.Kind == mcp.KindHTTP && r.HTTP.Purpose == mcp.PurposePost && r.HTTP.ReqSeq == sent.Seq
	})
	if up.HTTP.Resent != 1 {
		t.Errorf("the upstream leg of tools/list says Resent %d, want 1: upstream read it twice", up.HTTP.Resent)
	}
}
