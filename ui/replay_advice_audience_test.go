package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
)

// A replay of the user's own session advised "not initialized yet: press i
// first" under a reconnect's new session, where i answers "a replay sends
// nothing": its advice reads as the export's does, naming no key to press.
func TestReplayAdvisesAsAReader(t *testing.T) {
	now := fixedNow
	m := newReplay(loadRecording(t, recordingWithTail(t, "")), &now)
	got := advice.For(advice.Fact{Cause: mcp.CauseUninitialized}, m.com.audience())
	if strings.Contains(got, "press") || got != advice.For(advice.Fact{Cause: mcp.CauseUninitialized}, advice.Reader) {
		t.Errorf("a replay advises %q, want the export's words", got)
	}
	live := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	if got := advice.For(advice.Fact{Cause: mcp.CauseUninitialized}, live.com.audience()); !strings.Contains(got, "press i") {
		t.Errorf("a live session advises %q, want the key to press", got)
	}
}
