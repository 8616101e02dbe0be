package proxy

import (
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A JSON answer that would answer the request but for a byte order mark
// before it is relayed as it came, and the request's failure says why it
// is no answer, as a session's own POST says it: the proxy's line said only
// that the body held none, though it held the answer in plain sight.
func TestSessionJSONAnswerAfterAByteOrderMarkSaysWhy(t *testing.T) {
	const answer = "\ufeff" + `{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}`
	up := sessionUpstream(t, func(c net.Conn, r *http.Request) {
		_, _ = fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(answer), answer)
	})
	_, base, w := startProxy(t, up, Config{})
	post := sessionPoster(t, base)
	if got := post(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); got != answer {
		t.Fatalf("the client got %q, want upstream's body as it came", got)
	}
	failed := w.record(t, w.sessions()[0].ID, "tools/list failed", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Cause == mcp.CauseNoResponse
	})
	if want := "answered 200 OK with a JSON body that is not JSON: it starts with a byte order mark, which JSON does not allow, so no answer to tools/list (relayed to the client as it came)"; !strings.Contains(failed.Error.Message, want) {
		t.Errorf("tools/list's failure says %q, want %q", failed.Error.Message, want)
	}
}
