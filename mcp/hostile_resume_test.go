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

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A response stream that drops after an event whose id is too long to send
// back fails saying so, instead of a resuming GET with a huge Last-Event-ID
// header the server refuses (or, worse, reads).
func TestResumeWithHugeEventID(t *testing.T) {
	huge := strings.Repeat("7", 64<<10)
	_, s, rec := dialStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != "tools/call" {
			x.Default()
			return
		}
		x.Status(http.StatusOK, "text/event-stream", "retry: 10\nid: "+huge+"\n"+
			`data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"before the drop"}}`+"\n\n")
	}}, Config{})
	_, err := s.CallTool(testCtx(t), "echo", []byte(`{"text":"x"}`))
	if CauseOf(err) != CauseResumeFailed || !strings.Contains(err.Error(), "too long to send back as Last-Event-ID") {
		t.Fatalf("tools/call = %.300v (cause %q), want %q saying the event id is too long", err, CauseOf(err), CauseResumeFailed)
	}
	rec.waitFor(t, "the log message before the drop", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC.Method == "notifications/message"
	})
	for _, r := range rec.all() {
		if r.Kind == KindHTTP && r.HTTP.Purpose == PurposeResume {
			t.Errorf("a resuming GET was sent with a %d-byte Last-Event-ID", len(http.Header(r.HTTP.RequestHeaders).Get("Last-Event-ID")))
		}
	}
}

// A GET stream that ends after an event whose id is too long to send back
// is reopened without Last-Event-ID, and the state says why.
func TestGetStreamWithHugeEventID(t *testing.T) {
	huge := strings.Repeat("7", 64<<10)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	target, _ := url.Parse(srv.URL)
	proxy := httputil.NewSingleHostReverseProxy(target)
	var gets atomic.Int32
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			proxy.ServeHTTP(w, r)
			return
		}
		if gets.Add(1) > 2 {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "retry: 10\nid: "+huge+"\n"+`data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"on the GET stream"}}`+"\n\n")
	}))
	t.Cleanup(front.Close)
	s := NewSession(Config{URL: front.URL + "/mcp", Transport: TransportStreamable})
	rec := collect(s)
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	rec.waitFor(t, "the state saying the id is not sent back", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "too long to send back")
	})
	rec.waitFor(t, "the GET refused after it", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "405")
	})
	for _, r := range rec.all() {
		if r.Kind == KindHTTP && r.HTTP.Purpose == PurposeGet && len(http.Header(r.HTTP.RequestHeaders).Get("Last-Event-ID")) > 0 {
			t.Errorf("a GET was sent with a %d-byte Last-Event-ID", len(http.Header(r.HTTP.RequestHeaders).Get("Last-Event-ID")))
		}
	}
}
