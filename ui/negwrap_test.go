package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// TestNegotiationWrapsBetweenWords is the closed port on an 80-column
// terminal: a probe's line wraps between words, so a URL that fits on the
// next row is read whole there instead of being cut after "http:/".
func TestNegotiationWrapsBetweenWords(t *testing.T) {
	at := fixedNow.Add(-time.Minute)
	const url = "http://127.0.0.1:9549/mcp"
	refused := "POST " + url + " failed: dial tcp 127.0.0.1:9549: connect: connection refused"
	long := url + "?sessionid=PG6VWSZ2LIAI2RCMJA7UGDWIR4PG6VWSZ2LIAI2RCMJA7UGDWIR4&tenant=a-long-tenant-name"
	recs := []mcp.Record{
		{Seq: 1, Time: at, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, Transport: mcp.TransportAuto, URL: url}},
		{Seq: 2, Time: at, Kind: mcp.KindDetect, Detect: &mcp.Detection{Reason: "no transport worked: POST server/discover " + url + ": no connection", Attempts: []mcp.Attempt{
			{Transport: mcp.TransportStateless, Method: "POST", URL: url, Err: refused},
			{Transport: mcp.TransportSSE, Method: "GET", URL: long, Err: "connection refused"},
		}}},
		{Seq: 3, Time: at, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateFailed}},
	}
	m := New(Options{Styles: testStyles(), URL: url, Transport: mcp.TransportAuto, Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(recordsMsg(recs))
	m.setFocus(paneNegotiation)
	view := m.View()
	if n := strings.Count(view, url); n < 3 {
		t.Errorf("the URL is read whole %d times, want at least 3 (the reason and the probe's two):\n%s", n, view)
	}
	if strings.Contains(view, "http:/\n") || strings.Contains(view, "http:/ ") || strings.Contains(view, "http:/│") {
		t.Errorf("a URL that fits on a row is cut after http:/\n%s", view)
	}
	// A URL wider than the pane still breaks, after a / ? or &.
	if !strings.Contains(view, "sessionid=PG6VWSZ2LIAI2RCMJA7UGDWIR4PG6VWSZ2LIAI2RCMJA7UGDWIR4&") || !strings.Contains(view, "tenant=a-long-tenant-name") {
		t.Errorf("the long URL does not break after its ? and &:\n%s", view)
	}
}
