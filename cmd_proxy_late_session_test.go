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
	h, before, answered, release := lateSession(t, "", "Go-http-client/1.1")
	h.waitFor("mcpscope: client session 1 (Go-http-client 1.1 · streamable) is not recorded: it began as the proxy stopped")
	release()
	select {
	case <-answered:
	case <-time.After(10 * time.Second):
		t.Fatal("the late client's initialize was not answered")
	}
	after, _ := filepath.Glob(filepath.Join(h.dir, "*"))
	if len(after) != len(before) {
		t.Errorf("a session begun after the stop was recorded after the report: %v, before %v", after, before)
	}
}

// A late session whose client names itself (its User-Agent) with the key
// in its URL's query: the line saying it is not recorded names it
// [redacted], as every other line about a session does, where it printed
// the key whole.
func TestProxySessionAfterStopMasksQueryCredentialInLabel(t *testing.T) {
	const token = "QUERYSECRET-late-abcdef123456"
	h, _, _, release := lateSession(t, "?token="+token, "agent/"+token)
	h.waitFor("is not recorded: it began as the proxy stopped")
	release()
	if out := h.errw.String(); strings.Contains(out, token) || !strings.Contains(out, "client session 1 (agent [redacted] · streamable)") {
		t.Errorf("the late session's line shows the client's key %s, or does not name it masked:\n%s", token, out)
	}
}

// lateSession stops a headless proxy, then starts a session in its run
// from an initialize (to /mcp with query, sent with User-Agent agent),
// held upstream until release; answered is closed once it is answered,
// before lists the run's directory before the session began.
func lateSession(t *testing.T, query, agent string) (h *headless, before []string, answered <-chan struct{}, release func()) {
	var holding atomic.Bool // not the proxy's own look at upstream as it starts
	url, release := heldUpstream(t, "up", func(*http.Request) bool { return holding.Load() })
	t.Cleanup(release)
	h = startHeadless(t, url, proxyFlags{})
	h.stop()
	holding.Store(true)
	before, _ = filepath.Glob(filepath.Join(h.dir, "*"))

	// The run's sessions hear of a new one only now, as from a handler
	// still relaying past the close.
	late, err := proxy.New(proxy.Config{Upstream: url, OnStart: h.run.sessions.start})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(late)
	t.Cleanup(srv.Close)
	t.Cleanup(late.Close)
	done := make(chan struct{})
	req, err := http.NewRequest(http.MethodPost, srv.URL+"/mcp"+query, strings.NewReader(
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", agent)
	go func() {
		defer close(done)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}()
	return h, before, done, release
}
