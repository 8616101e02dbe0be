package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An initialize answer with two Mcp-Session-Id headers names the session by
// the first, and the open state says there was another and what it said:
// the second was dropped without a word, though a server (or a proxy in
// front of it) naming two is why a session can fail later.
func TestTwoSessionIDsAreSaid(t *testing.T) {
	srv, s, rec := dialStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "initialize" {
			x.Header().Add("Mcp-Session-Id", "from-the-proxy")
		}
		x.Default()
	}}, Config{NoGetStream: true})
	r := rec.waitFor(t, "the open state", func(r Record) bool { return r.Kind == KindState && r.State.State == StateOpen })
	if !strings.Contains(r.State.Detail, `2 Mcp-Session-Id headers, the others saying "from-the-proxy"`) {
		t.Errorf("open state says %q, want it to name the second Mcp-Session-Id", r.State.Detail)
	}
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	for _, q := range srv.Requests() {
		if q.RPCMethod == "tools/list" && q.SessionID == "from-the-proxy" {
			t.Errorf("tools/list carried the second session id, want the first")
		}
	}
}
