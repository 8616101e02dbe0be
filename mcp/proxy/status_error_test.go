package proxy

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// An upstream that refuses with a megabyte of reasons: the proxy's error
// says what the wire's errors say (status, the first line of the body, the
// headers advice quotes, Retry-After included), each cut to what a message
// can quote, as a session talking to that upstream directly would.
func TestUpstreamRefusalIsQuotedLikeTheWire(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="`+long+`"`)
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte("token rejected " + long + "\nsecond line"))
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	resp := rawPost(t, base+"/mcp", body, "Accept", "application/json, text/event-stream")
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("the client got %s, want upstream's 401 relayed", resp.Status)
	}
	c := w.sessions()[0]
	fail := w.record(t, c.ID, "the refusal", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Cause == mcp.CauseStatus
	})
	e := fail.Error
	if !strings.Contains(e.Message, "401") || !strings.Contains(e.Message, "token rejected") || strings.Contains(e.Message, "second line") {
		t.Errorf("the error says %.300q, want the status and the body's first line", e.Message)
	}
	if len(e.Message) > 2000 {
		t.Errorf("the error quotes %d bytes of the upstream's words, want them cut to what a message can quote", len(e.Message))
	}
	if got := e.Header["WWW-Authenticate"]; got == "" || len(got) > 2000 {
		t.Errorf("WWW-Authenticate quoted as %d bytes, want it there and cut", len(got))
	}
	if got := e.Header["Retry-After"]; got != "30" {
		t.Errorf("Retry-After quoted as %q, want 30 (advice tells the user when to try again)", got)
	}
}
