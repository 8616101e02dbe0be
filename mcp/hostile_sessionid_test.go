package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A session id too large to send back fails initialize at once, naming the
// header; one that breaks the specification's character rule is used as it
// came, and the open state says so.
func TestStreamableHostileSessionID(t *testing.T) {
	huge := mcptest.NewStreamable(t, mcptest.StreamableOptions{SessionID: func() string { return strings.Repeat("a", 64<<10) }})
	s := NewSession(Config{URL: huge.URL, Transport: TransportStreamable, NoGetStream: true})
	collect(s)
	err := s.Connect(testCtx(t))
	s.Close()
	if CauseOf(err) != CauseBadSessionID || !IsConnectionFailure(err) || !strings.Contains(err.Error(), "65536 bytes") {
		t.Errorf("Connect = %v (cause %q), want %q naming its size", err, CauseOf(err), CauseBadSessionID)
	}

	odd := mcptest.NewStreamable(t, mcptest.StreamableOptions{SessionID: func() string { return "séssion id" }})
	s = NewSession(Config{URL: odd.URL, Transport: TransportStreamable, NoGetStream: true})
	rec := collect(s)
	defer s.Close()
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect with a non-ASCII session id: %v", err)
	}
	rec.waitFor(t, "the open state naming the broken rule", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateOpen && strings.Contains(r.State.Detail, "not only visible ASCII")
	})
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Errorf("tools/list on that session: %v", err)
	}
}
