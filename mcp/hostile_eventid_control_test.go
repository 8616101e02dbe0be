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

// controlID is an event id SSE allows and no HTTP header can carry: ESC
// and DEL are not line ends, so they stay in the id.
const controlID = "ev\x1b[2J\x7f1"

// A response stream that drops after an event whose id holds a control
// character is not resumed with a Last-Event-ID net/http refuses to send
// (its error named only the header); the error says why the id cannot go
// back, quoted so the character shows.
func TestResumeWithControlCharacterEventID(t *testing.T) {
	_, s, rec := dialStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != "tools/call" {
			x.Default()
			return
		}
		x.Status(http.StatusOK, "text/event-stream", "retry: 10\nid: "+controlID+"\n"+
			`data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"before the drop"}}`+"\n\n")
	}}, Config{})
	_, err := s.CallTool(testCtx(t), "echo", []byte(`{"text":"x"}`))
	if CauseOf(err) != CauseResumeFailed || !strings.Contains(err.Error(), `its last event id "ev\x1b[2J\x7f1" holds a control character, which no HTTP header can carry`) {
		t.Fatalf("tools/call = %.300v (cause %q), want %q saying the event id holds a control character", err, CauseOf(err), CauseResumeFailed)
	}
	for _, r := range rec.all() {
		if r.Kind == KindHTTP && r.HTTP.Purpose == PurposeResume {
			t.Errorf("a resuming GET was tried with Last-Event-ID %q", http.Header(r.HTTP.RequestHeaders).Get("Last-Event-ID"))
		}
	}
}

// A GET stream that ends after such an event is reopened without
// Last-Event-ID, and the state says why; before, every reopening failed
// on the header.
func TestGetStreamWithControlCharacterEventID(t *testing.T) {
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
		_, _ = io.WriteString(w, "retry: 10\nid: "+controlID+"\n"+`data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"on the GET stream"}}`+"\n\n")
	}))
	t.Cleanup(front.Close)
	s := NewSession(Config{URL: front.URL + "/mcp", Transport: TransportStreamable})
	rec := collect(s)
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	rec.waitFor(t, "the state saying the id is not sent back", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "holds a control character, which no HTTP header can carry, so it is reopened without Last-Event-ID")
	})
	rec.waitFor(t, "the GET refused after it", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "405")
	})
}
