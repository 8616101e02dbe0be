package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 server ends an acknowledged listen stream gracefully with a
// result to the listen request (its shutdown, say): the listen state says
// so, rather than that the server answered instead of keeping it open.
func TestListenEndedGracefully(t *testing.T) {
	srv, _, rec := dialStateless(t, mcptest.StatelessOptions{}, Config{})
	l, err := srv.WaitListen(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	l.End()
	st := rec.waitFor(t, "the listen state after the end", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateListen && strings.Contains(r.State.Detail, "listen stream ended")
	})
	if !strings.Contains(st.State.Detail, "ended the subscriptions/listen stream gracefully") {
		t.Errorf("the listen state says %q, want a graceful end", st.State.Detail)
	}
}
