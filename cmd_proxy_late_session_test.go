package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/proxy"
)

// A session the proxy starts once its stop has waited for every session
// (a handler that outlived the proxy's close, its request held upstream)
// is not recorded into the closed run: no recording appears after the
// report, and a line says the session is not recorded and why.
func TestProxySessionAfterStopIsSaidNotRecorded(t *testing.T) {
	var holding atomic.Bool // not the proxy's own look at upstream as it starts
	url, release := heldUpstream(t, "up", func(*http.Request) bool { return holding.Load() })
	h := startHeadless(t, url, proxyFlags{})
	h.stop()
	holding.Store(true)
	before, _ := filepath.Glob(filepath.Join(h.dir, "*"))

	// The run's sessions hear of a new one only now, as from a handler
	// still relaying past the close.
	late, err := proxy.New(proxy.Config{Upstream: url, OnStart: h.run.sessions.start})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(late)
	defer srv.Close()
	defer late.Close()
	answered := make(chan struct{})
	go func() {
		defer close(answered)
		resp, err := http.Post(srv.URL+"/mcp", "application/json", strings.NewReader(
			`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"late","version":"1"}}}`))
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}()
	h.waitFor("mcpscope: client session 1 (Go-http-client 1.1 · streamable) is not recorded: it began as the proxy stopped")
	release()
	select {
	case <-answered:
	case <-time.After(10 * time.Second):
		t.Fatal("the late client's initialize was not answered")
	}
	late.Close()
	after, _ := filepath.Glob(filepath.Join(h.dir, "*"))
	if len(after) != len(before) {
		t.Errorf("a session begun after the stop was recorded after the report: %v, before %v", after, before)
	}
}
