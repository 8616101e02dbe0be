package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An initialize answer whose protocolVersion cannot go in the
// MCP-Protocol-Version header (a control byte, or a size no request should
// carry) fails the handshake at once, naming the version, instead of every
// later request failing in net/http as a lost connection.
func TestInitializeVersionNoHeaderCanCarry(t *testing.T) {
	for _, tc := range []struct{ name, version, want string }{
		{"control", "2025-11-25\x1b[31m", "control character (0x1b)"},
		{"huge", "2025-" + strings.Repeat("x", 64<<10), "65541 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			version := tc.version
			srv := mcptest.OnMethod(t, "initialize", func(x *mcptest.Exchange) {
				x.Result(map[string]any{"protocolVersion": version, "capabilities": map[string]any{"tools": map[string]any{}},
					"serverInfo": map[string]any{"name": "odd-version", "version": "1"}})
			})
			s := NewSession(Config{URL: srv.Endpoint(), Transport: TransportStreamable, NoGetStream: true})
			collect(s)
			err := s.Connect(testCtx(t))
			s.Close()
			if CauseOf(err) != CauseBadVersion || !IsConnectionFailure(err) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "MCP-Protocol-Version") {
				t.Errorf("Connect = %v (cause %q), want %q saying %q", err, CauseOf(err), CauseBadVersion, tc.want)
			}
			for _, r := range srv.Requests() {
				if r.Method == "POST" && r.RPCMethod != "initialize" {
					t.Errorf("%s was POSTed after an initialize answer whose version cannot be sent back", r.RPCMethod)
				}
			}
		})
	}
}
