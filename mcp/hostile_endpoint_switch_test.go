package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A later endpoint event on the same stream that names another session is
// followed, and said: a session-replaced record names the new session, the
// session no longer counts as initialized, and the endpoint's time to
// negotiate stays the first event's.
func TestEndpointSwitchMidStreamIsSaid(t *testing.T) {
	srv, s, rec := dial(t, mcptest.Options{}, Config{})
	defer s.Close()
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatal(err)
	}
	first := rec.waitFor(t, "the first endpoint", func(r Record) bool { return r.Kind == KindEndpoint })
	if err := conn.Event("endpoint", strings.Replace(conn.Endpoint, conn.ID, "OTHER", 1)); err != nil {
		t.Fatal(err)
	}
	got := rec.waitFor(t, "the switch", func(r Record) bool { return r.Kind == KindState && r.State.State == StateSessionReplaced })
	if got.State.SessionID != "OTHER" || !strings.Contains(got.State.Detail, "OTHER, was "+conn.ID) {
		t.Errorf("session-replaced %+v, want it to name OTHER in place of %s", got.State, conn.ID)
	}
	if s.Initialized() {
		t.Error("the session still counts as initialized on a session nobody initialized")
	}
	second := rec.waitFor(t, "the second endpoint", func(r Record) bool { return r.Kind == KindEndpoint && r.Endpoint.SessionID == "OTHER" })
	if second.Endpoint.Elapsed != first.Endpoint.Elapsed {
		t.Errorf("the second endpoint's Elapsed is %s, want the first's %s", second.Endpoint.Elapsed, first.Endpoint.Elapsed)
	}
	if ep := s.Endpoint(); ep == nil || ep.SessionID != "OTHER" {
		t.Errorf("endpoint in use %+v, want the one naming OTHER", ep)
	}
}
