package proxy

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A batch POST upstream refuses with 401: the POST's own failure keeps the
// status and the headers advice quotes, as a single request's refusal
// does. It kept only the words, so its advice could not tell a 401 from
// any other refusal, nor quote the server's WWW-Authenticate.
func TestUpstreamRefusalOfABatchKeepsItsStatus(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="up"`)
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte("token rejected"))
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})
	body := `[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"prompts/list"}]`
	resp := rawPost(t, base+"/mcp", body, "Accept", "application/json, text/event-stream")
	readAll(t, resp.Body)
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("the client got %s, want upstream's 401 relayed", resp.Status)
	}
	post := func(r mcp.Record) bool { return r.Error != nil && r.Error.Batch != 0 && r.Error.ReqSeq == 0 }
	c := w.clientWith(t, "the batch POST's own failure", post)
	e := w.record(t, c.ID, "the batch POST's own failure", post).Error
	if e.Status != http.StatusUnauthorized || e.Header["WWW-Authenticate"] != `Bearer realm="up"` || !strings.Contains(e.Message, "401") {
		t.Errorf("the batch POST's failure has status %d, WWW-Authenticate %q and says %q; want 401, the challenge, and the status in its words:\n%s",
			e.Status, e.Header["WWW-Authenticate"], e.Message, w.dump())
	}
}
