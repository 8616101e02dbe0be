package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 server that opens the listen stream but never acknowledges it:
// Subscribe waits at most --timeout and leaves the subscription as asked,
// but the listen state and Subscribe's error (in the same words) say no
// acknowledgement came. Before, the wait ended in a silent success, as if
// the server had taken the URI.
func TestSubscribeWithoutAcknowledgementSaysSo(t *testing.T) {
	_, s, rec := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.ListenWithoutAck}, Config{RequestTimeout: 1500 * time.Millisecond})
	ctx := testCtx(t)
	_, err := s.Subscribe(ctx, "demo://readme")
	if CauseOf(err) != CauseNotAcknowledged || !strings.Contains(err.Error(), "the subscription stands as asked") {
		t.Fatalf("Subscribe = %v, want %q saying the subscription stands as asked", err, CauseNotAcknowledged)
	}
	st := rec.waitFor(t, "a listen state saying no acknowledgement came", func(r Record) bool {
		return r.State != nil && r.State.State == StateListen &&
			strings.Contains(r.State.Detail, `did not acknowledge the listen stream carrying demo://readme within 1.5s`)
	})
	if st.State.Detail != err.Error() {
		t.Errorf("listen state %q and Subscribe's error %q, want the same words", st.State.Detail, err)
	}
	s.mu.Lock()
	kept := s.subscribed["demo://readme"]
	s.mu.Unlock()
	if !kept {
		t.Error("the subscription was dropped, want it left as asked")
	}
}

// An acknowledgement whose notifications are not an object is said to be
// unreadable, and the subscription stands as asked. Before, it was read
// as granting nothing: "acknowledged without" every part of the filter.
func TestListenAcknowledgementThatCannotBeRead(t *testing.T) {
	_, s, rec := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("subscriptions/listen", func(x *mcptest.Exchange) {
		_ = x.Notify("notifications/subscriptions/acknowledged", map[string]any{"notifications": "all"})
		<-x.Context().Done()
	})}, Config{})
	ctx := testCtx(t)
	if _, err := s.Subscribe(ctx, "demo://readme"); err != nil {
		t.Fatalf("Subscribe = %v, want the subscription left as asked", err)
	}
	rec.waitFor(t, "a listen state saying the acknowledgement cannot be read", func(r Record) bool {
		return r.State != nil && r.State.State == StateListen && strings.Contains(r.State.Detail, "acknowledgement of the listen stream cannot be read")
	})
	for _, r := range rec.all() {
		if r.State != nil && strings.Contains(r.State.Detail, "without") {
			t.Errorf("an unreadable acknowledgement was read as leaving things out: %q", r.State.Detail)
		}
	}
}
