package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// An upstream URL with a key in its query: the proxy's line naming the
// upstream and its recording show "?token=[redacted]", and the key still
// goes upstream, in the query the client sends (the proxy relays the
// client's query, so the URL it tells the client to use keeps the key).
func TestProxyMasksUpstreamQueryCredential(t *testing.T) {
	const token = "TOKEN-q-77889900"
	var mu sync.Mutex
	var gotQuery []string
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		gotQuery = append(gotQuery, r.URL.RawQuery)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
	}))
	defer upstream.Close()

	h := startHeadless(t, upstream.URL+"/mcp?token="+token, proxyFlags{})
	req, err := http.NewRequest(http.MethodPost, h.run.base+"/mcp?token="+token, strings.NewReader(
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

	named := 0
	for _, line := range strings.Split(h.errw.String(), "\n") {
		if !strings.HasPrefix(line, "mcpscope proxy to ") {
			continue
		}
		named++
		if strings.Contains(line, token) || !strings.Contains(line, "/mcp?token=[redacted]") {
			t.Errorf("the line naming the upstream shows its token, or not where it was: %s", line)
		}
	}
	if named == 0 {
		t.Errorf("no line names the upstream:\n%s", h.errw.String())
	}
	files, _ := filepath.Glob(filepath.Join(h.dir, "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("recordings %v, want one", files)
	}
	raw, _ := os.ReadFile(files[0])
	if strings.Contains(string(raw), token) || !strings.Contains(string(raw), "token=[redacted]") {
		t.Errorf("the recording holds the token, or not its name:\n%.1500s", raw)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(gotQuery) == 0 || gotQuery[0] != "token="+token {
		t.Errorf("upstream got queries %q, want token=%s", gotQuery, token)
	}
}
