package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server/discover result whose capabilities nest deeper than
// encoding/json reads still opens the 2026 session: its supportedVersions
// are read beside them, not taken as missing.
func TestDiscoverWithDeepCapabilities(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 11000) + `1` + strings.Repeat(`}`, 11000)
	_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("server/discover", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{},"x":` + deep + `}}}`)
	})}, Config{NoListen: true})
	if got := s.Transport(); got != TransportStateless {
		t.Fatalf("transport = %q, want %q", got, TransportStateless)
	}
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Errorf("tools/list after discover = %v", err)
	}
}

// An initialize answer whose capabilities nest deeper than encoding/json
// reads still gives the protocol version every later request carries.
func TestInitializeWithDeepCapabilities(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 11000) + `1` + strings.Repeat(`}`, 11000)
	srv, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: mcptest.HandleMethod("initialize", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{},"x":` + deep + `},"serverInfo":{"name":"deep","version":"1"}}}`)
	})}, Config{})
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Fatalf("tools/list = %v", err)
	}
	listed := false
	for _, r := range srv.Requests() {
		if r.RPCMethod == "tools/list" {
			listed = true
			if got := r.Header.Get("MCP-Protocol-Version"); got != "2025-11-25" {
				t.Errorf("tools/list carried MCP-Protocol-Version %q, want 2025-11-25", got)
			}
		}
	}
	if !listed {
		t.Error("the server got no tools/list")
	}
}
