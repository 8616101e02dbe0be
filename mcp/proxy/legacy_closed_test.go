package proxy

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client that POSTs to its legacy endpoint after the stream closed
// (upstream restarted, and the client has not noticed) gets a session
// that says which stream that was: it said the proxy never saw it.
func TestPostAfterTheLegacyStreamClosed(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			// The stream gives its endpoint and breaks, as when the
			// server stops.
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = io.WriteString(w, "event: endpoint\ndata: /message?sessionId=s1\n\n")
			return
		}
		w.WriteHeader(http.StatusAccepted)
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL, Config{})

	req, _ := http.NewRequestWithContext(bounded(t), http.MethodGet, base+"/sse", nil)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	stream, _ := io.ReadAll(bufio.NewReader(resp.Body))
	resp.Body.Close()
	if !strings.Contains(string(stream), "/message?sessionId=s1") {
		t.Fatalf("the client's stream was %q, want the endpoint event", stream)
	}
	first := w.sessions()[0]
	w.until(t, "the stream's session ended", func() bool { return w.ended[first.ID] })

	post, err := http.Post(base+"/message?sessionId=s1", "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`))
	if err != nil {
		t.Fatal(err)
	}
	post.Body.Close()
	if post.StatusCode != http.StatusAccepted {
		t.Errorf("the POST was answered %s, want upstream's 202", post.Status)
	}
	var late *Client
	w.until(t, "a session for the late POST", func() bool {
		if len(w.clients) < 2 {
			return false
		}
		late = w.clients[1]
		return true
	})
	how := w.record(t, late.ID, "how the late POST's session began", func(r mcp.Record) bool { return r.Detect != nil })
	if !strings.Contains(how.Detect.Reason, "whose stream had closed") || !strings.Contains(how.Detect.Reason, "session 1") {
		t.Errorf("the late POST's session began %q, want it to say its stream had closed, recorded by session 1", how.Detect.Reason)
	}
}
