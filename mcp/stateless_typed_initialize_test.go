package mcp

import (
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An initialize typed with params on a 2026 session is the user's test of
// the server, answered and shown; the session stays the one server/discover
// opened. The answer's protocolVersion (or its absence) became the
// transport's: a later discover, its version "", panicked on a nil error,
// and one of 2025-06-18 was refused as a --protocol the user never gave.
func TestTypedInitializeLeavesA2026SessionsVersion(t *testing.T) {
	for _, answer := range []map[string]any{
		{},
		{"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "serverInfo": map[string]any{"name": "dual", "version": "1"}},
	} {
		srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Initialize: mcptest.Refuse404, Methods: []string{"initialize"},
			Handle: mcptest.HandleMethod("initialize", func(x *mcptest.Exchange) { x.Result(answer) })})
		s, _ := connect(t, Config{URL: srv.URL})
		if s.Transport() != TransportStateless {
			t.Fatalf("transport %q, want stateless", s.Transport())
		}
		params := json.RawMessage(`{"protocolVersion":"2026-07-28","capabilities":{},"clientInfo":{"name":"typed","version":"1"}}`)
		if _, err := s.InitializeWith(testCtx(t), params); err != nil {
			t.Errorf("%v: the typed initialize failed: %v", answer, err)
		}
		if _, err := s.Discover(testCtx(t)); err != nil {
			t.Errorf("%v: server/discover after it failed: %v", answer, err)
		}
		if s.Protocol() != ProtocolModern {
			t.Errorf("%v: the session's protocol is %q, want %s still", answer, s.Protocol(), ProtocolModern)
		}
		if _, _, err := s.ListTools(testCtx(t), false); err != nil {
			t.Errorf("%v: tools/list after it failed: %v", answer, err)
		}
	}
}

// The refusal every 2026 server answers a typed initialize with (-32601)
// is that request's error, not the session's: it read as "initialize was
// refused as a method the server does not have", a connection failure
// (exec's exit 3) with detection's advice.
func TestTypedInitializeRefusedOnA2026SessionIsNoConnectionFailure(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Initialize: mcptest.Refuse404})
	s, _ := connect(t, Config{URL: srv.URL})
	params := json.RawMessage(`{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"typed","version":"1"}}`)
	_, err := s.InitializeWith(testCtx(t), params)
	if err == nil {
		t.Fatal("the typed initialize was answered, want the server's refusal")
	}
	if IsConnectionFailure(err) {
		t.Errorf("the refusal %v is a connection failure (cause %q), want the request's error only", err, CauseOf(err))
	}
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Errorf("tools/list after it failed: %v", err)
	}
}
