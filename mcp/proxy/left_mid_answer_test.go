package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client that leaves part way through a JSON answer it was reading (an
// answer of gigabytes, or one upstream sends slowly): its request ended
// saying "the client left before the answer came", though the client had
// read the answer's first bytes, and the record of that answer was logged
// beside it. It now says the client left part way through the answer, and
// how much of it had come.
func TestClientLeavingMidAnswerIsSaidSo(t *testing.T) {
	head := `{"jsonrpc":"2.0","id":1,"result":{"x":"` + strings.Repeat("A", 64<<10)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, head)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	resp := rawPost(t, base+"/mcp", body, "Accept", "application/json, text/event-stream")
	got := make([]byte, 1000)
	if _, err := io.ReadFull(resp.Body, got); err != nil || string(got) != head[:len(got)] {
		t.Fatalf("the client read %.80q (%v), want the answer's first bytes", got, err)
	}
	resp.Body.Close()
	w.allEnded(t, 1)
	c := w.sessions()[0]
	left := w.record(t, c.ID, "the request's end", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Op == mcp.OpCancelled
	})
	if msg := left.Error.Message; strings.Contains(msg, "before the answer came") || !strings.Contains(msg, "part way through the answer") {
		t.Errorf("the request ended saying %q, want it to say the client left part way through the answer it was reading", msg)
	}
	closed := w.record(t, c.ID, "the session's end", inState(mcp.StateClosed, ""))
	if d := closed.State.Detail; strings.Contains(d, "answer to its initialize came") {
		t.Errorf("the session ended saying %q, want it to say the client left part way through the answer", d)
	}
}
