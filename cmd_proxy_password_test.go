package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// The proxy names its upstream on stderr (when it starts and stops), which
// a --headless run in CI writes to a log: a password in the upstream URL is
// masked there, and still goes upstream as the URL's basic auth.
func TestProxyHeadlessMasksUpstreamPassword(t *testing.T) {
	const password = "SECRET-pw-9f3a"
	var mu sync.Mutex
	var gotAuth []string
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		gotAuth = append(gotAuth, r.Header.Get("Authorization"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
	}))
	defer upstream.Close()
	url := strings.Replace(upstream.URL, "http://", "http://ann:"+password+"@", 1)

	h := startHeadless(t, url, proxyFlags{})
	req, err := http.NewRequest(http.MethodPost, h.run.base+"/mcp", strings.NewReader(
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	h.stop()

	out := h.errw.String()
	if strings.Contains(out, password) {
		t.Errorf("stderr shows the upstream's password:\n%s", out)
	}
	if !strings.Contains(out, "mcpscope proxy to http://ann:xxxxx@") {
		t.Errorf("stderr does not name the upstream with its password masked:\n%s", out)
	}
	mu.Lock()
	defer mu.Unlock()
	want := (&http.Request{Header: http.Header{}})
	want.SetBasicAuth("ann", password)
	if len(gotAuth) == 0 || gotAuth[0] != want.Header.Get("Authorization") {
		t.Errorf("upstream got Authorization %q, want the URL's basic auth %q", gotAuth, want.Header.Get("Authorization"))
	}
}
