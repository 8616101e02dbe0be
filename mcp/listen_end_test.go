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
		return r.Kind == KindState && r.State.State == StateListen && strings.Contains(r.State.Detail, "reopening in")
	})
	// Said once: it read "the listen stream ended (the server ended the
	// subscriptions/listen stream gracefully (…))".
	if !strings.HasPrefix(st.State.Detail, "the server ended the subscriptions/listen stream gracefully (its result to the request); reopening in") {
		t.Errorf("the listen state says %q, want a graceful end, said once", st.State.Detail)
	}
}
