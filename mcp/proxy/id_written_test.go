package proxy

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// An upstream that answers the client's id 1 as 1.0 answers its request,
// as the client (built on the TypeScript or Go SDK) takes it: the session
// logs the answer as the response to tools/list, where it was an answer to
// an id the client never sent, and the client gets the bytes as they came.
func TestAnswerWithTheClientsIDWrittenAnotherWay(t *testing.T) {
	const answer = `{"jsonrpc":"2.0","id":1.0,"result":{"tools":[]}}`
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(answer))
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "Accept", "application/json, text/event-stream")
	if got := readAll(t, resp.Body); got != answer {
		t.Errorf("the client got %q, want %q", got, answer)
	}
	c := w.sessions()[0]
	w.record(t, c.ID, "the answer logged as the response to tools/list", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Class == mcp.ClassResponse && r.RPC.Method == "tools/list"
	})
}
