package mcp

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Once initialize over the legacy transport chose 2025-06-18, every later
// POST carries MCP-Protocol-Version: 2025-06-18, as that version asks of a
// client "on all subsequent requests" over HTTP; where 2024-11-05 was
// chosen, which defines no such header, none is sent. The POSTs carried
// none whatever was chosen.
func TestLegacyPostsCarryTheNegotiatedVersion(t *testing.T) {
	for _, tc := range []struct{ asked, want string }{
		{"2025-06-18", "2025-06-18"},
		{"2024-11-05", ""},
	} {
		srv, s, _ := dial(t, mcptest.Options{}, Config{Protocol: tc.asked})
		if _, err := s.Initialize(testCtx(t)); err != nil {
			t.Fatal(err)
		}
		if s.Protocol() != tc.asked {
			t.Fatalf("negotiated %q, want %q", s.Protocol(), tc.asked)
		}
		if _, err := s.Request(testCtx(t), "tools/list", nil); err != nil {
			t.Fatal(err)
		}
		for _, p := range srv.Posts() {
			want := tc.want
			if p.Method == "initialize" {
				want = "" // nothing is negotiated yet
			}
			if got := p.Header.Get("MCP-Protocol-Version"); got != want {
				t.Errorf("%s: %s POST carried MCP-Protocol-Version %q, want %q", tc.asked, p.Method, got, want)
			}
		}
	}
}

// A reconnect's GET carries the negotiated MCP-Protocol-Version too, as
// the POSTs do: it is one of the "subsequent requests" the version asks
// the header on. The GETs of reconnects carried none.
func TestLegacyReconnectCarriesTheNegotiatedVersion(t *testing.T) {
	srv, s, _ := dial(t, mcptest.Options{}, Config{Protocol: "2025-06-18"})
	ctx := testCtx(t)
	if _, err := s.Initialize(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.Reconnect(ctx); err != nil {
		t.Fatalf("Reconnect: %v", err)
	}
	var conns []*mcptest.Conn
	for range 2 {
		c, err := srv.WaitConn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	if got := conns[0].Header.Get("MCP-Protocol-Version"); got != "" {
		t.Errorf("the first GET, before initialize, carried MCP-Protocol-Version %q, want none", got)
	}
	if got := conns[1].Header.Get("MCP-Protocol-Version"); got != "2025-06-18" {
		t.Errorf("the reconnect's GET carried MCP-Protocol-Version %q, want 2025-06-18", got)
	}
}
