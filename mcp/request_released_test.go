package mcp

import (
	"context"
	"net/http"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// ctxTransport keeps the context of every POST it carries.
type ctxTransport struct {
	mu   sync.Mutex
	ctxs []context.Context
}

func (c *ctxTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method == http.MethodPost {
		c.mu.Lock()
		c.ctxs = append(c.ctxs, r.Context())
		c.mu.Unlock()
	}
	return http.DefaultTransport.RoundTrip(r)
}

// An answered request's send releases its context once the POST is done:
// it stayed among the session's until the session closed, with net/http's
// under it, so a session of 100,000 requests (replay --against) held
// 50 MB of contexts for requests long answered.
func TestAnsweredRequestReleasesItsSend(t *testing.T) {
	for _, mode := range []mcptest.AnswerMode{mcptest.AnswerSSE, mcptest.AnswerJSON} {
		tr := &ctxTransport{}
		_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Answer: mode}, Config{HTTPClient: &http.Client{Transport: tr}})
		ctx := testCtx(t)
		tr.mu.Lock()
		before := len(tr.ctxs)
		tr.mu.Unlock()
		if _, err := s.Request(ctx, "ping", nil); err != nil {
			t.Fatal(err)
		}
		tr.mu.Lock()
		sent := tr.ctxs[before:]
		tr.mu.Unlock()
		if len(sent) != 1 {
			t.Fatalf("mode %v: %d POSTs for one ping", mode, len(sent))
		}
		// A send that keeps its context never lets it go: the test's own
		// bound, not a shorter one a stalled machine can outlast, says so.
		select {
		case <-sent[0].Done():
		case <-ctx.Done():
			t.Errorf("mode %v: the answered ping's send still holds its context, long after the answer", mode)
		}
	}
}
