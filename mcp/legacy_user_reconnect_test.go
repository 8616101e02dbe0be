package mcp

import (
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A reconnect the user asks for (r) while the legacy transport's
// reconnects of its own wait for their next attempt ends them: that
// attempt came anyway, cut the stream the user's reconnect had opened and
// replaced its session with yet another one.
func TestLegacyUserReconnectEndsTheReconnectsOfItsOwn(t *testing.T) {
	const delay = 300 * time.Millisecond
	srv, s, rec := dial(t, mcptest.Options{CloseAfterMessages: 1}, Config{Reconnect: true, ReconnectDelay: delay})
	ctx := testCtx(t)
	if _, err := s.Request(ctx, "tools/list", nil); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "the close the reconnects of its own follow", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateClosed && r.State.Auto
	})
	if err := s.Reconnect(ctx); err != nil {
		t.Fatalf("Reconnect: %v", err)
	}
	asked := len(rec.all())
	// Nothing can be waited on for an attempt that must not come: the
	// first was due delay after the close; wait well past it.
	time.Sleep(3 * delay)
	for _, r := range rec.all()[asked:] {
		if r.Kind == KindState && r.State.State == StateReconnecting && r.State.OnItsOwn() {
			t.Errorf("after the user's reconnect, a reconnect of its own came: %+v", *r.State)
		}
	}
	if n := len(srv.Conns()); n != 2 {
		t.Errorf("the server saw %d streams, want 2: the first and the user's reconnect", n)
	}
}
