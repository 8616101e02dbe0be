package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// initUpstream is an upstream that answers every POST with an initialize
// result and keeps what pick takes from each request: what the proxy sent
// on, for the tests of what it must mask in its own words yet pass on.
func initUpstream(t *testing.T, pick func(*http.Request) string) (url string, got func() []string) {
	var mu sync.Mutex
	var seen []string
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, pick(r))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
	}))
	t.Cleanup(upstream.Close)
	return upstream.URL, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}

// initializeThroughProxy runs a headless proxy to url, sends it one
// initialize at path (its /mcp, with a query if the test needs one), reads
// the answer and stops the proxy, so that what it wrote is all there.
func initializeThroughProxy(t *testing.T, url, path string) *headless {
	t.Helper()
	h := startHeadless(t, url, proxyFlags{})
	postInitialize(t, h, path)
	h.stop()
	return h
}

// postInitialize sends the headless proxy h one initialize at path and
// reads the answer.
func postInitialize(t *testing.T, h *headless, path string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, h.run.base+path, strings.NewReader(
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
}

// heldUpstream is an upstream that answers every request held takes with
// an initialize result (serverInfo named name) once release is called,
// and every other (the proxy's own look at upstream as it starts) 404.
func heldUpstream(t *testing.T, name string, held func(*http.Request) bool) (url string, release func()) {
	released := make(chan struct{})
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !held(r) {
			http.NotFound(w, r)
			return
		}
		select {
		case <-released:
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"`+name+`","version":"1"}}}`)
	}))
	t.Cleanup(up.Close)
	var once sync.Once
	return up.URL, func() { once.Do(func() { close(released) }) }
}
