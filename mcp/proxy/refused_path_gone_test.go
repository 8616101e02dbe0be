package proxy

import (
	"bufio"
	"io"
	"net/http"
	"strings"
	"testing"
)

// The path the proxy points a legacy client at when it refuses upstream's
// endpoint (/.mcpscope/refused-endpoint/N) is the proxy's own: a POST to
// it after its session ended, or one no session ever had, is never
// relayed. It was taken for a streamable client's POST and relayed
// upstream with the client's Authorization, the -H headers and --bearer.
func TestRefusedEndpointPathIsNeverRelayed(t *testing.T) {
	var up headerLog
	ts := up.server(t, jsonOK)
	_, base, w := startProxy(t, ts.URL, Config{Bearer: "user-token", Header: http.Header{"X-Team": {"blue"}}})
	for _, tc := range []struct {
		name    string
		headers []string
	}{
		{"streamable", []string{"Authorization", "Bearer client-token", "Accept", "application/json, text/event-stream"}},
		{"stateless", append(headers2026("tools/list"), "Authorization", "Bearer client-token")},
		{"a session id", []string{"Authorization", "Bearer client-token", "Mcp-Session-Id", "abc"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := rawPost(t, base+"/.mcpscope/refused-endpoint/3", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`, tc.headers...)
			body := readAll(t, resp.Body)
			if resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "nothing was relayed") {
				t.Errorf("the POST was answered %s %q, want 404 saying nothing was relayed", resp.Status, body)
			}
		})
	}
	for _, method := range []string{http.MethodGet, http.MethodDelete} {
		resp := rawDo(t, method, base+"/.mcpscope/refused-endpoint/3", "")
		readAll(t, resp.Body)
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("a %s to the refused path was answered %s, want 404", method, resp.Status)
		}
	}
	if n := len(up.all()); n != 0 {
		t.Errorf("upstream got %d requests to the proxy's own path, want none: %v", n, up.all())
	}
	if n := len(w.sessions()); n != 0 {
		t.Errorf("%d client sessions were made for the proxy's own path, want none", n)
	}
}

// A legacy session whose endpoint the proxy refused ends when its stream
// does; a POST its client sends to the refused path after that is
// answered 404 and relayed nowhere, as the live session's was answered 502.
func TestRefusedEndpointPathAfterItsSessionEnded(t *testing.T) {
	var up headerLog
	ts := up.server(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "event: endpoint\ndata: ftp://127.0.0.1/message?sessionid=1\n\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	_, base, w := startProxy(t, ts.URL, Config{Bearer: "user-token"})
	ctx, cancel := contextWithCancel(t)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/sse", nil)
	req.Header.Set("Accept", "text/event-stream")
	stream, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	ev := nextEvent(t, bufio.NewReader(stream.Body))
	data := ""
	for _, line := range strings.Split(ev, "\n") {
		if d, ok := strings.CutPrefix(line, "data: "); ok {
			data = d
		}
	}
	if !strings.HasPrefix(data, "/.mcpscope/refused-endpoint/") {
		t.Fatalf("the client was pointed at %q, want the proxy's refusing path", data)
	}
	live := rawPost(t, base+data, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, "Authorization", "Bearer client-token")
	readAll(t, live.Body)
	if live.StatusCode != http.StatusBadGateway {
		t.Errorf("a POST to the live session's refused path was answered %s, want 502", live.Status)
	}
	cancel()
	stream.Body.Close()
	w.until(t, "the legacy session to end", func() bool { return w.ended[1] })
	for _, headers := range [][]string{
		{"Authorization", "Bearer client-token"},
		{"Authorization", "Bearer client-token", "Mcp-Session-Id", "1"},
	} {
		resp := rawPost(t, base+data, `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}`, headers...)
		body := readAll(t, resp.Body)
		if resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "nothing was relayed") {
			t.Errorf("a POST to the ended session's refused path (%q) was answered %s %q, want 404 saying nothing was relayed", headers, resp.Status, body)
		}
	}
	for _, h := range up.all() {
		if h.Get("Authorization") == "Bearer client-token" {
			t.Errorf("a request with the client's token reached upstream: %v", h)
		}
	}
	if n := len(w.sessions()); n != 1 {
		t.Errorf("%d client sessions, want the legacy one only", n)
	}
}
