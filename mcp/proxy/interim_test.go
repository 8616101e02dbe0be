package proxy

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// An upstream that answers 100 Continue (the proxy sent no Expect) and
// then nothing: the client is answered 502 saying so once the proxy's wait
// for the final status is over. The proxy used to wait with it, and the
// client learnt nothing until its own timeout.
func TestUpstreamInterimAnswerAndThenNothing(t *testing.T) {
	up := rawUpstream(t, func(c net.Conn, r *http.Request, _ []byte) {
		_, _ = io.WriteString(c, "HTTP/1.1 100 Continue\r\n\r\n")
		// Silent until the proxy gives up on it (or the test's time is up).
		_ = c.SetReadDeadline(time.Now().Add(testTimeout))
		_, _ = io.Copy(io.Discard, c)
	})
	_, base, w := startProxy(t, up, Config{InterimTimeout: 300 * time.Millisecond})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "Accept", "application/json, text/event-stream")
	body := readAll(t, resp.Body)
	const said = "answered 100 Continue, an interim answer saying one is coming, and then no final status within 300ms"
	if resp.StatusCode != http.StatusBadGateway || !strings.Contains(body, said) || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("the client got %s (%s) %q, want a text 502 saying %q", resp.Status, resp.Header.Get("Content-Type"), body, said)
	}
	c := w.sessions()[0]
	w.record(t, c.ID, "the request failed with upstream's 100 and silence", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Cause == mcp.CausePostTimeout && strings.Contains(r.Error.Message, said)
	})
}

// 102 Processing sent again and again while upstream works is word that
// it still does: each starts the wait again, and the answer that follows,
// later than one wait, is relayed.
func TestUpstreamInterimHeartbeatsKeepTheWait(t *testing.T) {
	const wait = time.Second
	up := rawUpstream(t, func(c net.Conn, r *http.Request, _ []byte) {
		for range 3 * int(wait/(50*time.Millisecond)) / 2 {
			_, _ = io.WriteString(c, "HTTP/1.1 102 Processing\r\n\r\n")
			time.Sleep(50 * time.Millisecond) // upstream at work, saying so
		}
		answer := `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`
		_, _ = fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(answer), answer)
	})
	_, base, _ := startProxy(t, up, Config{InterimTimeout: wait})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "Accept", "application/json, text/event-stream")
	if body := readAll(t, resp.Body); resp.StatusCode != http.StatusOK || !strings.Contains(body, `"tools"`) {
		t.Fatalf("the client got %s %q after 1.5s of 102 Processing, want upstream's answer", resp.Status, body)
	}
}
