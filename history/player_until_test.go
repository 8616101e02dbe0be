package history

import (
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A gap of centuries (a record whose clock was set wrong) played slowly is
// longer than a time.Duration holds: the wait is the longest one, never a
// negative one that would hide the "next record in" hint.
func TestUntilAHugeGapPlayedSlowly(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	recs := []mcp.Record{
		{Seq: 1, Time: start, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting}},
		{Seq: 2, Time: start.AddDate(200, 0, 0), Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen}},
	}
	p := NewPlayer(Header{}, recs)
	now := time.Now()
	if got := p.Due(now); len(got) != 1 {
		t.Fatalf("Due handed out %d records, want the first", len(got))
	}
	p.SetSpeed(0.25)
	if wait := p.Until(now.Add(time.Second)); wait < 100*365*24*time.Hour {
		t.Errorf("Until = %v at 0.25x with 200 years to go, want the longest wait", wait)
	}
}
