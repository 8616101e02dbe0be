package proxy

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// An upstream refusal whose body broke off (its connection closed short of
// the Content-Length it gave) right after the start of a credential it
// echoed was quoted in the session's error as a whole line: the recording
// redacts a token's start only before a cut mark, so the piece stayed. The
// quote ends with the cut mark now, as a session of mcpscope's own quotes a
// body that broke off.
func TestBrokenRefusalQuoteEndsWithCutMark(t *testing.T) {
	const half = "Qz7Xw9Kp3Vr8Ty2N"
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Content-Length", "4096")
		w.WriteHeader(http.StatusBadGateway)
		w.Write([]byte("it was given " + half))
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"broken-quote","version":"1"}}}`
	resp := rawPost(t, base+"/mcp", init, "Accept", "application/json, text/event-stream")
	resp.Body.Close()
	c := w.clientWith(t, "the refused session", func(r mcp.Record) bool { return r.Kind == mcp.KindSent })
	fail := w.record(t, c.ID, "the refusal quoting the body", func(r mcp.Record) bool {
		return r.Error != nil && strings.Contains(r.Error.Message, "it was given")
	})
	if !strings.Contains(fail.Error.Message, "it was given "+half+"…") {
		t.Errorf("the refusal says %q, want its quote of the broken body to end with …", fail.Error.Message)
	}
}
