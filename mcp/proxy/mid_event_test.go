package proxy

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// An upstream answer stream cut inside an event, cleanly or broken, fails
// its request saying how many bytes into the event it ended, in the words
// mcpscope's own sessions use (mcp.MidEvent): it read as a stream that
// ended between events. The client gets the cut bytes as they came.
func TestProxiedStreamCutMidEventSaysSo(t *testing.T) {
	const part = "event: message\ndata: {\"jsonrpc\":\"2.0\","
	for _, tc := range []struct {
		broken bool
		head   string
		want   string
	}{
		{false, "Connection: close\r\n\r\n" + part, "the response stream ended " + mcp.MidEvent(len(part)) + ", without the answer"},
		{true, fmt.Sprintf("Transfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n", len(part), part), "upstream's answer broke off, " + mcp.MidEvent(len(part)) + ": unexpected EOF"},
	} {
		up := sessionUpstream(t, func(c net.Conn, r *http.Request) {
			_, _ = io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"+tc.head)
			c.Close()
		})
		_, base, w := startProxy(t, up, Config{})
		sid := rawInitialize(t, base)
		resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, "Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid)
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(got) != part {
			t.Errorf("broken %v: the client got %q, want the cut event as it came", tc.broken, got)
		}
		failed := w.record(t, w.sessions()[0].ID, "tools/list failed", func(r mcp.Record) bool {
			return r.Error != nil && r.Error.ReqSeq != 0
		})
		if !strings.Contains(failed.Error.Message, tc.want) {
			t.Errorf("broken %v: tools/list's failure says %q, want %q", tc.broken, failed.Error.Message, tc.want)
		}
	}
}
