package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// TestPairsSayATimeNoExchangeTookIsUnknown: a recording whose clock jumped
// (an answer 300 years after its request, a POST that took minus five
// seconds: a laptop's clock reset, a file edited by hand) shows those times
// as "?" in the Pairs pane, as its export says "an unknown time"; the pane
// showed "2562047h47m16s" as a response time and "0" as the POST's.
func TestPairsSayATimeNoExchangeTookIsUnknown(t *testing.T) {
	recs := fixtureRecords()
	answered, posted := false, false
	for i := range recs {
		r := &recs[i]
		if r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Tool == "greet" {
			r.Time = r.Time.AddDate(300, 0, 0)
			answered = true
		}
		if r.Kind == mcp.KindHTTP && r.HTTP != nil && r.HTTP.Purpose == mcp.PurposePost && !posted {
			c := *r.HTTP
			c.Duration = -5 * time.Second
			r.HTTP, posted = &c, true
		}
	}
	if !answered || !posted {
		t.Fatalf("the fixture has no greet answer (%v) or no POST (%v) to bend", answered, posted)
	}
	m := newTestModel(t, 260, 40, nil, recs)
	view := m.View()
	var greet, first string
	for _, line := range strings.Split(view, "\n") {
		if strings.Contains(line, "tools/call greet") {
			greet = line
		}
		if first == "" && strings.Contains(line, "→ request 1 ") {
			first = line
		}
	}
	if strings.Contains(view, "2562047") || !strings.Contains(greet, " ? ") {
		t.Errorf("the greet answer 300 years after its request reads as a measured time, want ?:\n%s", view)
	}
	if !strings.Contains(first, " ? ") {
		t.Errorf("initialize's POST of minus five seconds reads as measured, want ?:\n%s", view)
	}
}
