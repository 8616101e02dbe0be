package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Why mcpscope sent a request on its own quotes what the user typed: a
// 100 KB tool name pasted wrong went whole into the record of the
// tools/list a call sends first (review23). It is cut.
func TestAnAutomaticRequestsWhyIsCut(t *testing.T) {
	_, s, rec := dial(t, mcptest.Options{}, Config{})
	ctx := testCtx(t)
	if _, err := s.Initialize(ctx); err != nil {
		t.Fatal(err)
	}
	why := "to type the arguments of tools/call " + strings.Repeat("a", 100_000)
	if _, _, err := s.ListToolsFrom(Automatic(ctx, why), Cursor{}, true); err != nil {
		t.Fatal(err)
	}
	r := rec.waitFor(t, "the automatic tools/list", func(r Record) bool {
		return r.Kind == KindSent && r.RPC != nil && r.RPC.Method == "tools/list" && r.RPC.Auto != ""
	})
	if n := len(r.RPC.Auto); n > maxAutoWhy+len("…") || !strings.HasPrefix(r.RPC.Auto, "to type the arguments of tools/call aaa") {
		t.Errorf("the automatic request's why is %d bytes (%.60q…), want it cut to %d", n, r.RPC.Auto, maxAutoWhy)
	}
}
