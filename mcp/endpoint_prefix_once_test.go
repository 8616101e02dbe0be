package mcp

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// When the preferred URL answers 404 and the prefixed alternative takes the
// message but then breaks the connection, the message is not sent a third
// time to the canonical fallback: the server behind the prefix may have it
// already, and a tools/call must not run twice. Before, any failure of an
// alternative moved on to the next one.
func TestAlternativeThatMayHaveTheMessageIsTheLast(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Endpoint: mcptest.EndpointMessage})
	target, _ := url.Parse(srv.URL)
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.FlushInterval = -1
	var fallback atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("POST /gw/sse", func(w http.ResponseWriter, r *http.Request) {
		fallback.Add(1)
		http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
	})
	mux.HandleFunc("POST /gw/message", func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body) // taken, then the connection breaks
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	})
	mux.Handle("/gw/", http.StripPrefix("/gw", rp))
	front := httptest.NewServer(mux)
	t.Cleanup(front.Close)

	s := NewSession(Config{URL: front.URL + "/gw/sse", Transport: TransportSSE, RequestTimeout: 2 * time.Second})
	rec := collect(s)
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	if _, err := s.Initialize(testCtx(t)); err == nil {
		t.Fatal("Initialize succeeded through a prefix that breaks every POST")
	}
	rec.waitFor(t, "the prefixed URL's POST", func(r Record) bool {
		return r.Kind == KindHTTP && r.HTTP.Purpose == PurposePost && strings.Contains(r.HTTP.URL, "/gw/message?")
	})
	if n := fallback.Load(); n != 0 {
		t.Errorf("the canonical fallback got %d POSTs after the prefixed URL took the message", n)
	}
}
