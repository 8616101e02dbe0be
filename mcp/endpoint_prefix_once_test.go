package mcp

import (
	"io"
	"net/http"
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
	var fallback atomic.Int64
	front := mcptest.BehindPrefixWith(t, srv, func(mux *http.ServeMux, _ http.Handler) {
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
	})

	s, rec := connect(t, Config{URL: front.URL + "/gw/sse", Transport: TransportSSE, RequestTimeout: 2 * time.Second})
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
