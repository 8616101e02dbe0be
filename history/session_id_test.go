package history

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server whose later answers name another session id than initialize's:
// the negotiation shows the session mcpscope uses, and warns about the other.
func TestNegotiationSessionIDChangedLater(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	target, _ := url.Parse(srv.URL)
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ModifyResponse = func(resp *http.Response) error {
		if resp.Request.Header.Get("X-Method") == "tools/list" {
			resp.Header.Set("Mcp-Session-Id", "someone-else")
		}
		return nil
	}
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		if bytes.Contains(body, []byte(`"tools/list"`)) {
			r.Header.Set("X-Method", "tools/list")
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	l := logOf(t, mcp.Config{URL: front.URL + "/mcp", Transport: mcp.TransportStreamable}, func(ctx context.Context, s *mcp.Session) {
		if _, _, err := s.ListTools(ctx, false); err != nil {
			t.Fatalf("tools/list: %v", err)
		}
		if _, _, err := s.ListTools(ctx, false); err != nil {
			t.Fatalf("tools/list again (with the session initialize named): %v", err)
		}
	})
	n := l.Negotiation()
	if ss := srv.Sessions(); len(ss) != 1 || n.SessionID != ss[0].ID {
		t.Fatalf("negotiation session %q, want the one the server made (%d sessions)", n.SessionID, len(ss))
	}
	var warned bool
	for _, p := range n.Problems {
		warned = warned || strings.Contains(p.Message, "someone-else") && p.Advice(advice.TUI) != ""
	}
	if !warned {
		t.Errorf("problems %+v, want a warning naming the other session id, with advice", n.Problems)
	}
}

// A 2026-07-28 server that names an Mcp-Session-Id on every answer anyway
// has no session in use: stateless HTTP never sends one back, so the
// negotiation (and the status bar and export that read it) names none,
// and answers naming ids that differ are no warning about another session
// (only, once, the note that the era has none).
func TestStatelessNamesNoSessionID(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	target, _ := url.Parse(srv.URL)
	proxy := httputil.NewSingleHostReverseProxy(target)
	var n atomic.Int64
	proxy.ModifyResponse = func(resp *http.Response) error {
		resp.Header.Set("Mcp-Session-Id", "ignored-"+strconv.FormatInt(n.Add(1), 10))
		return nil
	}
	front := httptest.NewServer(proxy)
	t.Cleanup(front.Close)
	l := logOf(t, mcp.Config{URL: front.URL + "/mcp"}, func(ctx context.Context, s *mcp.Session) {
		if _, _, err := s.ListTools(ctx, false); err != nil {
			t.Fatalf("tools/list: %v", err)
		}
	})
	neg := l.Negotiation()
	if neg.Transport != mcp.TransportStateless || neg.SessionID != "" {
		t.Errorf("negotiation transport %q, session %q; want stateless and no session", neg.Transport, neg.SessionID)
	}
	// Only the note that the era has none (said once), never a warning
	// of another session in use.
	said := 0
	for _, p := range neg.Problems {
		switch {
		case strings.Contains(p.Message, "that revision has no sessions"):
			said++
		case strings.Contains(p.Message, "ignored-"):
			t.Errorf("problem %q about a session id stateless HTTP never sends", p.Message)
		}
	}
	if said > 1 {
		t.Errorf("the ids stateless HTTP never sends were said %d times, want once: %+v", said, neg.Problems)
	}
}
