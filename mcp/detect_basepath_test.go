package mcp

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server given a base path of its own (mcp-go's WithStaticBasePath("/api/v1")
// serves /api/v1/sse; a streamable handler mounted at /api/v1/mcp) reached
// by that base path: every probe at the base finds nothing (404), so the
// base is taken as the bare URL is, and /mcp and /sse under it are tried.
func TestDetectionTriesUnderABasePath(t *testing.T) {
	// Mounted at its paths only, as a router does: the fake takes a POST
	// at any path.
	fake := mcptest.New(t, mcptest.Options{SSEPath: "/api/v1/sse", Endpoint: func(_, id string) string { return "/api/v1/message?sessionId=" + id }})
	target, _ := url.Parse(fake.URL)
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.FlushInterval = -1
	mux := http.NewServeMux()
	mux.Handle("/api/v1/sse", rp)
	mux.Handle("/api/v1/message", rp)
	legacy := httptest.NewServer(mux)
	t.Cleanup(legacy.Close)
	streamable := mcptest.NewStreamable(t, mcptest.StreamableOptions{Path: "/api/v1/mcp"})
	for _, tt := range []struct {
		name, url, transport, at string
	}{
		{"legacy", legacy.URL + "/api/v1", TransportSSE, legacy.URL + "/api/v1/sse"},
		{"legacy, trailing slash", legacy.URL + "/api/v1/", TransportSSE, legacy.URL + "/api/v1/sse"},
		{"streamable", streamable.URL + "/api/v1", TransportStreamable, streamable.URL + "/api/v1/mcp"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := NewSession(Config{URL: tt.url})
			t.Cleanup(func() { s.Close() })
			rec := collect(s)
			if err := s.Connect(testCtx(t)); err != nil {
				t.Fatalf("Connect(%s) = %v, want the server found under the base path", tt.url, err)
			}
			d := rec.waitFor(t, "the detection", func(r Record) bool { return r.Kind == KindDetect }).Detect
			if d.Transport != tt.transport || d.URL != tt.at {
				t.Errorf("detected %s at %s, want %s at %s (reason %q)", d.Transport, d.URL, tt.transport, tt.at, d.Reason)
			}
		})
	}
}

// Probes refused otherwise than with 404 found something at the URL: the
// paths under it are not tried.
func TestDetectionStaysAtAURLThatAnswers(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "bad request", http.StatusBadRequest)
	}))
	t.Cleanup(srv.Close)
	s := NewSession(Config{URL: srv.URL + "/custom"})
	t.Cleanup(func() { s.Close() })
	rec := collect(s)
	if err := s.Connect(testCtx(t)); err == nil {
		t.Fatal("Connect succeeded against a server that refuses everything")
	}
	d := rec.waitFor(t, "the detection", func(r Record) bool { return r.Kind == KindDetect }).Detect
	if len(d.Attempts) != 3 {
		t.Errorf("%d probes, want the 3 at the URL given: %+v", len(d.Attempts), d.Attempts)
	}
}
