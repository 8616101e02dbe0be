package history

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy server behind a reverse proxy that serves it under /gw names its
// POST path from the root, where the proxy serves nothing (the TypeScript,
// Python and mcp-go servers do). The session posts under the prefix after
// a 404; the message whose POST met the 404 was delivered all the same, so
// its row is not "✗ POST 202", and the 404 is the endpoint's warning, not
// an error with "reconnect" advice.
func TestLogMessageDeliveredAfterTheEndpointsRefusal(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Endpoint: mcptest.EndpointMessage})
	front := mcptest.BehindPrefix(t, srv)

	l := logOf(t, mcp.Config{URL: front.URL + "/gw/sse", Transport: mcp.TransportSSE}, func(ctx context.Context, s *mcp.Session) {
		// The first message sent meets the 404: a notification, whose
		// row no answer would settle.
		if err := s.Notify(ctx, "notifications/roots/list_changed", nil); err != nil {
			t.Fatalf("notify behind the prefix: %v", err)
		}
	})
	var found bool
	for i := range l.PairCount() {
		p := l.Pair(i)
		if p.Method != "notifications/roots/list_changed" {
			continue
		}
		found = true
		if p.State != StateSent {
			t.Errorf("the notification's row is %s, want %s: its second POST was taken", p.State, StateSent)
		}
	}
	if !found {
		t.Fatal("no row for the notification")
	}
	if l.Stats().Errors != 0 {
		t.Errorf("Errors = %d, want 0: every message was delivered", l.Stats().Errors)
	}
	var warned bool
	for _, p := range l.Negotiation().Problems {
		if p.Level == LevelError && strings.Contains(p.Message, "404") {
			t.Errorf("the preferred URL's 404 is listed as an error (%q, advice %q) though the session posts elsewhere", p.Message, p.Advice(advice.TUI))
		}
		if p.Level == LevelWarning && strings.Contains(p.Message, "/gw/message") && strings.Contains(p.Message, "answered 404") {
			warned = true
		}
	}
	if !warned {
		t.Errorf("no warning says the POSTs go under the prefix because the endpoint answered 404: %+v", l.Negotiation().Problems)
	}
}
