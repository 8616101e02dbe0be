package mcp

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A session whose initialize answer names a version the transport refuses
// (one no MCP-Protocol-Version header can carry) reports nothing
// negotiated: no protocol, no initialize result, no initialized record.
// The version used to be taken before the transport refused it, so a
// failed Connect left Protocol() naming the refused version.
func TestRefusedVersionLeavesNothingNegotiated(t *testing.T) {
	srv := mcptest.OnMethod(t, "initialize", func(x *mcptest.Exchange) {
		x.Result(map[string]any{"protocolVersion": "2025-11-25\r\nX-Evil: 1", "capabilities": map[string]any{},
			"serverInfo": map[string]any{"name": "odd-version", "version": "1"}})
	})
	s := NewSession(Config{URL: srv.Endpoint(), Transport: TransportStreamable, NoGetStream: true})
	recs := collect(s)
	err := s.Connect(testCtx(t))
	if CauseOf(err) != CauseBadVersion {
		t.Fatalf("Connect = %v (cause %q), want %q", err, CauseOf(err), CauseBadVersion)
	}
	if p, init := s.Protocol(), s.InitializeResult(); p != "" || init != nil {
		t.Errorf("after the refused version: Protocol() = %q, InitializeResult() = %v; want nothing negotiated", p, init)
	}
	s.Close()
	recs.waitEnd(t)
	for _, r := range recs.all() {
		if r.Kind == KindState && r.State.State == StateInitialized {
			t.Errorf("a refused version was recorded as initialized: %+v", r.State)
		}
	}
}
